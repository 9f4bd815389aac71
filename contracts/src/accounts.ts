import type { ApiErrorBody } from './errors.js';

/** A member of the pool as the API serves it (docs/rules.md, Screens). Instants are ISO 8601 in UTC. */
export interface User {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  isAdmin: boolean;
  createdAt: string;
}

/** The session a sign-in opened. Its id travels only in the HttpOnly cookie, never in a body. */
export interface AuthSession {
  /** When the session ends whatever happens (absolute expiry). */
  expiresAt: string;
  /** When it ends if it is not used before (idle expiry; each use pushes it back). */
  idleExpiresAt: string;
}

/** Answer of `POST /api/auth/register` (201) and `POST /api/auth/login` (200). */
export interface AuthResponse {
  user: User;
  session: AuthSession;
}

export interface RegisterRequest {
  email: string;
  password: string;
  firstName?: string;
  lastName?: string;
  inviteToken?: string;
}

export interface LoginRequest {
  email: string;
  password: string;
}

/** `PATCH /api/auth/user`: a field left out stays as it is; null or "" clears it. */
export interface UpdateProfileRequest {
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
}

/** `POST /api/auth/password` (204). Every other session of the user is signed out. */
export interface ChangePasswordRequest {
  currentPassword: string;
  newPassword: string;
}

/** `POST /api/auth/password-reset/request` (202): the same answer whether or not the address has an account. */
export interface PasswordResetRequest {
  email: string;
}

export interface PasswordResetRequested {
  message: string;
}

/** `POST /api/auth/password-reset` (200, signed in): a reset link's token and the new password. */
export interface ResetPasswordRequest {
  token: string;
  newPassword: string;
}

/** `POST /api/admin/users/{userId}/password-reset` (201): a link an admin hands over by hand. */
export interface PasswordResetLink {
  /**
   * Under PUBLIC_URL; without it, a path from the pool's root that the web app completes with its
   * own address (never built from a request's Host).
   */
  url: string;
  expiresAt: string;
}

/** A member as admins list them (`GET /api/admin/users`): the account plus what only admins see. */
export interface AdminUser extends User {
  /** false: deactivated (cannot sign in, pick or be notified; keeps points and history). */
  active: boolean;
  /** Day the entry fee was marked paid (YYYY-MM-DD), or null while unpaid. */
  feePaidOn: string | null;
  /** Picks the player ever made (a player who never picked may be removed). */
  hasPicked: boolean;
  /** The person's data was erased: a stand-in ("Former player 7") whose rows and points stay. */
  erased: boolean;
}

/** `PATCH /api/admin/users/{userId}/active`. */
export interface SetActiveRequest {
  active: boolean;
}

/** `PATCH /api/admin/users/{userId}/fee`: paidOn defaults to today (pool clock) when paid. */
export interface SetFeePaidRequest {
  paid: boolean;
  paidOn?: string;
}

export type RegistrationMode = 'invite' | 'open';

export type InvitationStatus = 'valid' | 'expired' | 'used-up' | 'revoked' | 'unknown';

/** `GET /api/auth/registration?invite=TOKEN`: what the registration page may offer. */
export interface RegistrationOptions {
  mode: RegistrationMode;
  /** No account exists yet: the next one becomes the pool's first admin. */
  firstAccount: boolean;
  /** The pool sends e-mail (`SMTP_URL`): "Forgot password?" mails a link; else the host hands one over. */
  sendsEmail: boolean;
  /**
   * The status of the invitation named in the query, or null when none was named. `suspended`: the
   * link is valid, but the member who made it is deactivated, so it admits nobody for now.
   */
  invitation: { status: InvitationStatus | 'suspended' } | null;
}

/** `PATCH /api/admin/users/{userId}/admin`. */
export interface SetAdminRequest {
  isAdmin: boolean;
}

/** An invitation link as admins list it (`GET /api/invites`). */
export interface Invitation {
  token: string;
  /**
   * Under PUBLIC_URL; without it, a path from the pool's root that the web app completes with its
   * own address (never built from a request's Host).
   */
  url: string;
  /** null: unlimited. */
  maxUses: number | null;
  uses: number;
  expiresAt: string | null;
  revokedAt: string | null;
  createdAt: string;
  createdBy: string;
  status: Exclude<InvitationStatus, 'unknown'>;
}

/** `POST /api/invites`: both limits are optional. */
export interface CreateInvitationRequest {
  maxUses?: number;
  expiresAt?: string;
}

/** Answer of `POST /api/invites` (201). */
export interface CreatedInvitation {
  token: string;
  /**
   * Under PUBLIC_URL; without it, a path from the pool's root that the web app completes with its
   * own address (never built from a request's Host).
   */
  url: string;
}

export interface SendInviteRequest {
  email: string;
}

/**
 * Answer of `POST /api/send-invite`. When the mail cannot be sent (no SMTP configured, or the
 * server refused it) the API answers 503 EMAIL_UNAVAILABLE with the same two fields in the error
 * body, so the web app can say "Email Unavailable … Copy the direct link instead.".
 */
export interface SendInviteResponse {
  message: string;
  /** The invitation link: under PUBLIC_URL, or (no mail, no PUBLIC_URL) a path, as `CreatedInvitation.url`. */
  fallbackLink?: string;
}

export type SendInviteFailure = ApiErrorBody & { fallbackLink?: string };

/**
 * Password rules, shared so the web form checks what it can and says what the server enforces
 * (the server also refuses the most common passwords, the account's e-mail address or its local
 * part, and one character repeated).
 */
export const passwordPolicy = {
  minLength: 8,
  maxLength: 256,
  description:
    '8 to 256 characters; not one of the most common passwords, not your e-mail address, and not one character repeated.',
} as const;

interface NamedPerson {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

function fullName(person: NamedPerson | null | undefined): string {
  return [person?.firstName, person?.lastName]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '')
    .join(' ');
}

/** Full name, else e-mail, else "Unknown User" (docs/rules.md, Screens). */
export function userDisplayName(person: NamedPerson | null | undefined): string {
  const name = fullName(person);
  if (name !== '') return name;
  const email = person?.email?.trim() ?? '';
  return email !== '' ? email : 'Unknown User';
}

/**
 * An e-mail address as other players see it: its first character, an ellipsis and the domain
 * (`ann@example.com` → `a…@example.com`). Only admins and the player themselves see the address.
 */
export function maskEmail(email: string): string {
  const address = email.trim();
  const at = address.lastIndexOf('@');
  if (at < 1) return '…';
  return `${Array.from(address)[0]}…${address.slice(at)}`;
}

/** Up to two initials for an avatar: from the full name, else from the e-mail, else "?". */
export function userInitials(person: NamedPerson | null | undefined): string {
  const name = fullName(person);
  if (name !== '') {
    const words = name.split(/\s+/);
    const letters =
      words.length === 1 ? words[0]!.slice(0, 2) : `${words[0]![0]}${words[words.length - 1]![0]}`;
    return letters.toUpperCase();
  }
  const email = person?.email?.trim() ?? '';
  return email !== '' ? email.slice(0, 2).toUpperCase() : '?';
}

/**
 * `GET /api/community/stats`: the pool's growth, for the Invite page. Counted from the accounts read
 * tables; "this week" is the last 7 days up to the server's clock.
 */
export interface CommunityStats {
  totalUsers: number;
  /** Accounts registered in the last 7 days. */
  joinedThisWeek: number;
  /** Invitation links the hosts have created (mailed ones included). */
  invitationsSent: number;
  /** Accounts admitted through an invitation link. */
  invitationsUsed: number;
}
