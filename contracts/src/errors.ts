/**
 * Stable error codes shared by the API and the web app. The API answers every refusal with
 * `{ statusCode, code, message }`; clients switch on `code`, never on the message text.
 */
export const ErrorCodes = {
  VALIDATION_FAILED: 'VALIDATION_FAILED',
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
} as const;

export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

/** HTTP status that belongs to each code; the API's exception filter reads this table. */
export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
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
