import type { NextFunction, Request, Response } from 'express';
import { ErrorCodes } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';

const changesState = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * State-changing requests carry JSON or nothing. A form post (urlencoded, multipart,
 * text/plain: what a foreign page can send without a CORS preflight) is refused with 415 before
 * its body is read. A request with no body and no Content-Type (sign-out, DELETE) passes.
 *
 * The check holds whatever the path: routing ignores case (`POST /API/choices` reaches the
 * picks route), so a test on the path's spelling could be stepped around. Socket.IO's own
 * requests never get here (engine.io answers them before Express).
 */
export function jsonBodiesOnly(request: Request, _response: Response, next: NextFunction): void {
  if (!changesState.has(request.method)) return next();
  const type = request.headers['content-type'];
  const hasBody =
    request.headers['transfer-encoding'] !== undefined ||
    Number(request.headers['content-length'] ?? '0') > 0;
  if ((type === undefined && !hasBody) || (type !== undefined && /^application\/json\s*(;|$)/i.test(type)))
    return next();
  next(
    new DomainError(
      ErrorCodes.UNSUPPORTED_MEDIA_TYPE,
      'Send the request body as JSON (Content-Type: application/json).',
    ),
  );
}
