import type { Request, Response } from 'express';

/** An entity tag without its weak marker: `If-None-Match` compares weakly (RFC 9110 §13.1.2). */
const bare = (value: string) => value.trim().replace(/^W\//, '');

/**
 * Sets the answer's entity tag, and asks browsers to keep the answer but check it with the server
 * before each use. True when the request's `If-None-Match` already names this tag: the handler then
 * returns nothing and Express answers `304 Not Modified` without a body. The caller makes the tag
 * unique to the body it would send (equal tags, equal bodies).
 */
export function alreadyHeld(request: Request, response: Response, tag: string): boolean {
  response.setHeader('ETag', tag);
  response.setHeader('Cache-Control', 'private, no-cache');
  const held = (request.headers['if-none-match'] ?? '')
    .split(',')
    .some((value) => value.trim() === '*' || bare(value) === bare(tag));
  // A request's `Cache-Control: no-cache` (fetch() adds it to any request with If-None-Match) is
  // for caches on the way, not for the server's own precondition (RFC 9110 §13.2.1); Express's
  // freshness check would read it as "answer in full", so it is dropped once the tag matched.
  if (held) delete request.headers['cache-control'];
  return held;
}
