/**
 * Stable error codes shared by the API and the web app. The API answers every refusal with
 * `{ statusCode, code, message }`; clients switch on `code`, never on the message text.
 */
export const ErrorCodes = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  PROFILE_IMAGE_HOST_NOT_ALLOWED: 'PROFILE_IMAGE_HOST_NOT_ALLOWED',
  NOT_FOUND: 'NOT_FOUND',
  ROUTE_NOT_FOUND: 'ROUTE_NOT_FOUND',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN_ADMIN_ONLY: 'FORBIDDEN_ADMIN_ONLY',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  RATE_LIMITED: 'RATE_LIMITED',
  CONCURRENCY_CONFLICT: 'CONCURRENCY_CONFLICT',
  SEASON_DATA_INVALID: 'SEASON_DATA_INVALID',
  PERIOD_NOT_FOUND: 'PERIOD_NOT_FOUND',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  PERIOD_NOT_ACTIVE: 'PERIOD_NOT_ACTIVE',
  PERIOD_COMPLETED: 'PERIOD_COMPLETED',
  OPTION_NOT_IN_PERIOD: 'OPTION_NOT_IN_PERIOD',
  OPTION_UNAVAILABLE: 'OPTION_UNAVAILABLE',
  OPTION_LOCKED: 'OPTION_LOCKED',
  CHOICE_ALREADY_MADE: 'CHOICE_ALREADY_MADE',
  PICKS_PER_PERIOD_EXCEEDED: 'PICKS_PER_PERIOD_EXCEEDED',
  TEAM_USAGE_CAP_REACHED: 'TEAM_USAGE_CAP_REACHED',
  MIN_USES_UNREACHABLE: 'MIN_USES_UNREACHABLE',
  CHOICE_NOT_FOUND: 'CHOICE_NOT_FOUND',
  CHOICE_LOCKED: 'CHOICE_LOCKED',
  RETROACTIVE_SELECTION_INVALID: 'RETROACTIVE_SELECTION_INVALID',
  RETROACTIVE_PICKS_EXIST: 'RETROACTIVE_PICKS_EXIST',
  RETROACTIVE_PERIOD_NOT_ENDED: 'RETROACTIVE_PERIOD_NOT_ENDED',
  RESULT_OPTION_OUTCOME_REQUIRED: 'RESULT_OPTION_OUTCOME_REQUIRED',
  RESULT_POINTS_MISMATCH: 'RESULT_POINTS_MISMATCH',
  RESULT_NOT_FOUND: 'RESULT_NOT_FOUND',
  RESULT_PERIOD_COMPLETED: 'RESULT_PERIOD_COMPLETED',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  PASSWORD_INCORRECT: 'PASSWORD_INCORRECT',
  PASSWORD_POLICY: 'PASSWORD_POLICY',
  INVITATION_REQUIRED: 'INVITATION_REQUIRED',
  INVITATION_INVALID: 'INVITATION_INVALID',
  INVITATION_EXPIRED: 'INVITATION_EXPIRED',
  INVITATION_NOT_FOUND: 'INVITATION_NOT_FOUND',
  /** The member who created the invitation is deactivated or removed: it admits nobody (again once they are reactivated). */
  INVITATION_SUSPENDED: 'INVITATION_SUSPENDED',
  LAST_ADMIN: 'LAST_ADMIN',
  USER_NOT_FOUND: 'USER_NOT_FOUND',
  CROSS_ORIGIN_REFUSED: 'CROSS_ORIGIN_REFUSED',
  EMAIL_UNAVAILABLE: 'EMAIL_UNAVAILABLE',
  OPTION_NOT_FOUND: 'OPTION_NOT_FOUND',
  OPTION_EXISTS: 'OPTION_EXISTS',
  PERIOD_ALREADY_COMPLETED: 'PERIOD_ALREADY_COMPLETED',
  PERIOD_NOT_REOPENABLE: 'PERIOD_NOT_REOPENABLE',
  PRIZE_INVALID: 'PRIZE_INVALID',
  PRIZE_NOT_FOUND: 'PRIZE_NOT_FOUND',
  /** Live results: no results provider is set up (FOOTBALL_DATA_API_KEY or RESULTS_PROVIDER=replay). */
  RESULTS_PROVIDER_NOT_CONFIGURED: 'RESULTS_PROVIDER_NOT_CONFIGURED',
  /** Live results: the provider did not answer usably (timeouts, server errors, malformed answers, rate limit). */
  RESULTS_PROVIDER_UNAVAILABLE: 'RESULTS_PROVIDER_UNAVAILABLE',
  SHUTTING_DOWN: 'SHUTTING_DOWN',
  /** Live results: the provider refused the request (API key invalid or not allowed to see the competition). */
  RESULTS_PROVIDER_REJECTED: 'RESULTS_PROVIDER_REJECTED',
  /** Standings as of a period: the period has never been completed. */
  PERIOD_NOT_COMPLETED: 'PERIOD_NOT_COMPLETED',
  /** Season import: no such season in the catalogue (not bundled, or football-data.org is not set up). */
  SEASON_NOT_AVAILABLE: 'SEASON_NOT_AVAILABLE',
  /** Season import: the pool already plays another season (start the next season instead). */
  SEASON_ALREADY_CHOSEN: 'SEASON_ALREADY_CHOSEN',
  /** File import: team names that match no known club; the answer lists them (`unmatched`) for the admin to map. */
  SEASON_TEAMS_UNMATCHED: 'SEASON_TEAMS_UNMATCHED',
  /** Start next season: matchweeks of the current season are not completed (listed); send `force: true` to start anyway. */
  SEASON_NOT_FINISHED: 'SEASON_NOT_FINISHED',
  /** Start next season: the pool has no season yet (import one first), or the season named does not follow the current one. */
  SEASON_NOT_NEXT: 'SEASON_NOT_NEXT',
  /** `season=`: the pool never played that season. */
  SEASON_NOT_PLAYED: 'SEASON_NOT_PLAYED',
  /** `/api/pools/{pool}/…`: no such pool, or not one of yours (which of the two is not said). */
  POOL_NOT_FOUND: 'POOL_NOT_FOUND',
  /** Creating a pool: another pool has that address (or it is `default`). */
  POOL_ADDRESS_TAKEN: 'POOL_ADDRESS_TAKEN',
  /** Creating a pool: this install lets its owner alone create pools (`POOL_CREATION=owner`). */
  POOL_CREATION_OWNER_ONLY: 'POOL_CREATION_OWNER_ONLY',
  /** The install's pools (list, archive, delete): for the install's owner, its first account, alone. */
  INSTALL_OWNER_ONLY: 'INSTALL_OWNER_ONLY',
  /** A change in an archived pool: it is read-only until its install's owner restores it. */
  POOL_ARCHIVED: 'POOL_ARCHIVED',
  /** Deleting a pool that is not archived (archive it first), or archiving the install's default pool. */
  POOL_NOT_ARCHIVED: 'POOL_NOT_ARCHIVED',
  /** Joining a pool you are a member of already. */
  ALREADY_A_MEMBER: 'ALREADY_A_MEMBER',
  /** Joining a pool you were removed from or deactivated in: its admin decides. */
  MEMBERSHIP_ENDED: 'MEMBERSHIP_ENDED',
  /** A result for a match that has not kicked off yet: send `force: true` to record it anyway. */
  RESULT_BEFORE_KICKOFF: 'RESULT_BEFORE_KICKOFF',
  /** Complete Period before the matchweek started or with results missing (listed): send `force: true` to complete anyway. */
  PERIOD_NOT_READY: 'PERIOD_NOT_READY',
  /** Password reset: the link is unknown, used already or expired. */
  RESET_TOKEN_INVALID: 'RESET_TOKEN_INVALID',
  /** The account was deactivated by an admin: no sign-in, picks or notifications. */
  ACCOUNT_DEACTIVATED: 'ACCOUNT_DEACTIVATED',
  /** Only a player who never picked can be removed (deactivate the others). */
  USER_HAS_PICKS: 'USER_HAS_PICKS',
  /** A mail template names a placeholder that kind of e-mail does not have, or has a broken `{{`. */
  TEMPLATE_PLACEHOLDER_UNKNOWN: 'TEMPLATE_PLACEHOLDER_UNKNOWN',
  /** A push subscription whose endpoint is not https on a browser push service (or names an IP address, a port, a password). */
  PUSH_ENDPOINT_REFUSED: 'PUSH_ENDPOINT_REFUSED',
  /** A push subscription another player registered: it stays theirs. */
  PUSH_ENDPOINT_TAKEN: 'PUSH_ENDPOINT_TAKEN',
  /** Forgetting a push subscription the player does not have. */
  PUSH_SUBSCRIPTION_NOT_FOUND: 'PUSH_SUBSCRIPTION_NOT_FOUND',
  /** The person's data was erased already (docs/adr/017). */
  ALREADY_ERASED: 'ALREADY_ERASED',
  /** An admin may erase only a member of no other pool: in the others they erase themselves. */
  MEMBER_OF_OTHER_POOLS: 'MEMBER_OF_OTHER_POOLS',
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** HTTP status that belongs to each code; the API's exception filter reads this table. */
export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  PROFILE_IMAGE_HOST_NOT_ALLOWED: 400,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  FORBIDDEN_ADMIN_ONLY: 403,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  CONCURRENCY_CONFLICT: 409,
  SEASON_DATA_INVALID: 422,
  PERIOD_NOT_FOUND: 404,
  INTERNAL_ERROR: 500,
  PERIOD_NOT_ACTIVE: 409,
  PERIOD_COMPLETED: 409,
  OPTION_NOT_IN_PERIOD: 400,
  OPTION_UNAVAILABLE: 409,
  OPTION_LOCKED: 409,
  CHOICE_ALREADY_MADE: 409,
  PICKS_PER_PERIOD_EXCEEDED: 409,
  TEAM_USAGE_CAP_REACHED: 409,
  MIN_USES_UNREACHABLE: 409,
  CHOICE_NOT_FOUND: 404,
  CHOICE_LOCKED: 409,
  RETROACTIVE_SELECTION_INVALID: 400,
  RETROACTIVE_PICKS_EXIST: 409,
  RETROACTIVE_PERIOD_NOT_ENDED: 409,
  RESULT_OPTION_OUTCOME_REQUIRED: 400,
  RESULT_POINTS_MISMATCH: 400,
  RESULT_NOT_FOUND: 404,
  RESULT_PERIOD_COMPLETED: 409,
  EMAIL_TAKEN: 409,
  INVALID_CREDENTIALS: 401,
  // 400, not 401: the user is signed in; only the current password they typed is wrong.
  PASSWORD_INCORRECT: 400,
  PASSWORD_POLICY: 400,
  INVITATION_REQUIRED: 403,
  INVITATION_INVALID: 400,
  INVITATION_EXPIRED: 410,
  INVITATION_NOT_FOUND: 404,
  INVITATION_SUSPENDED: 403,
  LAST_ADMIN: 409,
  USER_NOT_FOUND: 404,
  CROSS_ORIGIN_REFUSED: 403,
  EMAIL_UNAVAILABLE: 503,
  OPTION_NOT_FOUND: 404,
  OPTION_EXISTS: 409,
  PERIOD_ALREADY_COMPLETED: 409,
  PERIOD_NOT_REOPENABLE: 409,
  PRIZE_INVALID: 400,
  PRIZE_NOT_FOUND: 404,
  RESULTS_PROVIDER_NOT_CONFIGURED: 503,
  RESULTS_PROVIDER_UNAVAILABLE: 503,
  SHUTTING_DOWN: 503,
  // 502: the upstream provider answered but refused us (the host must fix the API key or plan).
  RESULTS_PROVIDER_REJECTED: 502,
  PERIOD_NOT_COMPLETED: 409,
  SEASON_NOT_AVAILABLE: 404,
  SEASON_ALREADY_CHOSEN: 409,
  SEASON_TEAMS_UNMATCHED: 422,
  SEASON_NOT_FINISHED: 409,
  SEASON_NOT_NEXT: 409,
  SEASON_NOT_PLAYED: 404,
  POOL_NOT_FOUND: 404,
  POOL_ADDRESS_TAKEN: 409,
  POOL_CREATION_OWNER_ONLY: 403,
  INSTALL_OWNER_ONLY: 403,
  POOL_ARCHIVED: 409,
  POOL_NOT_ARCHIVED: 409,
  ALREADY_A_MEMBER: 409,
  MEMBERSHIP_ENDED: 403,
  RESULT_BEFORE_KICKOFF: 409,
  PERIOD_NOT_READY: 409,
  RESET_TOKEN_INVALID: 400,
  ACCOUNT_DEACTIVATED: 403,
  USER_HAS_PICKS: 409,
  TEMPLATE_PLACEHOLDER_UNKNOWN: 400,
  PUSH_ENDPOINT_REFUSED: 400,
  PUSH_ENDPOINT_TAKEN: 409,
  PUSH_SUBSCRIPTION_NOT_FOUND: 404,
  ALREADY_ERASED: 409,
  MEMBER_OF_OTHER_POOLS: 409,
};

/** The body of every error answer of the API. */
export interface ApiErrorBody {
  statusCode: number;
  code: ErrorCode;
  message: string;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.statusCode === 'number' &&
    typeof candidate.code === 'string' &&
    typeof candidate.message === 'string'
  );
}
