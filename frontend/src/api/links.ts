import { ApiError } from './http';

/**
 * A link the API answers for the browser to show (invitation, referral, password reset): absolute
 * under the pool's PUBLIC_URL, or, without one, a path from the pool's root (`/register?invite=…`)
 * that only this page can complete, with the address it was loaded from. The server never builds
 * links from a request's Host header.
 */
export function fullLink(link: string): string {
  return new URL(link, window.location.origin).href;
}

/** The same answer with its `url` completed. */
export function withFullUrl<T extends { url: string }>(answer: T): T {
  return { ...answer, url: fullLink(answer.url) };
}

/** send-invite's answers and refusals carry `fallbackLink`: completed the same way. */
export function withFullFallbackLink<T extends { fallbackLink?: string }>(answer: T): T {
  return answer.fallbackLink === undefined
    ? answer
    : { ...answer, fallbackLink: fullLink(answer.fallbackLink) };
}

/** An ApiError whose body has a `fallbackLink`, with the link completed; any other error as it is. */
export function completeFallbackLink(error: unknown): Error {
  if (!(error instanceof Error)) return new Error(String(error));
  if (!(error instanceof ApiError) || typeof error.body !== 'object' || error.body === null) return error;
  const body = error.body as { fallbackLink?: unknown };
  if (typeof body.fallbackLink !== 'string') return error;
  return new ApiError(error.status, error.code, error.detail, {
    ...body,
    fallbackLink: fullLink(body.fallbackLink),
  });
}
