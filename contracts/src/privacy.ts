/**
 * A person's own data (docs/adr/017): what `GET /api/auth/user/data` hands them, and how they or an
 * admin erase it. Instants are ISO 8601 in UTC.
 */

/** `GET /api/auth/user/data`: everything the install keeps about the signed-in person, as JSON. */
export interface PersonalDataExport {
  format: 'treble-personal-data';
  formatVersion: 1;
  exportedAt: string;
  account: {
    id: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    profileImageUrl: string | null;
    createdAt: string;
  };
  /** One entry per pool the person is a member of (the default pool's address is ""). */
  pools: PersonalPoolData[];
  /** Open sign-in sessions (the token itself is never kept, only its hash). */
  sessions: { createdAt: string; lastUsedAt: string; expiresAt: string }[];
}

export interface PersonalPoolData {
  pool: { address: string; name: string };
  membership: {
    isAdmin: boolean;
    active: boolean;
    joinedAt: string;
    feePaidOn: string | null;
  };
  /** Every pick of every season the pool played, with its points once the result is in. */
  picks: {
    season: string;
    periodId: number;
    optionId: string;
    team: string;
    madeAt: string;
    points: number | null;
  }[];
  /** Where the person stands in each competition of each season (null: not on that board). */
  standings: {
    season: string;
    overall: { rank: number; points: number } | null;
    survivor: { rank: number; points: number; strikes: number; eliminated: boolean } | null;
    last10: { rank: number; points: number } | null;
  }[];
  notifications: {
    /** The choices in effect; each kind's channels as `email+push`, `email`, `push` or `off`. */
    settings: { timeZone: string | null; reminder: string; results: string; announcement: string };
    pushSubscriptions: { createdAt: string }[];
    deliveries: { sentAt: string; kind: string; channel: string }[];
  };
  /** Invitation links this person made (as an admin, or their own referral link). */
  invitations: { createdAt: string; maxUses: number | null; uses: number; expiresAt: string | null }[];
}

/** `POST /api/auth/user/erasure` (204): the person's own password confirms; signs them out everywhere. */
export interface EraseMyAccountRequest {
  password: string;
}

/**
 * `POST /api/admin/users/{userId}/erasure` (204): an admin erases a member on their request. The
 * member must be in no other pool of the install (they can erase themselves there).
 */
export interface EraseMemberRequest {
  /** The member's id again, so a stale or mistaken button cannot erase someone else. */
  confirmUserId: string;
}

/** How an erased person is named wherever they used to be (docs/rules.md, "Erasure"). */
export const standInName = (standIn: number): { firstName: string; lastName: string } => ({
  firstName: 'Former player',
  lastName: String(standIn),
});
