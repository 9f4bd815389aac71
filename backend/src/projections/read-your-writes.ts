import {
  Injectable,
  SetMetadata,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { catchError, concatMap, defer, Observable } from 'rxjs';
import { inWriteScope, type WriteScope } from '../event-store/write-scope.js';
import { ProjectionEngine } from './projection-engine.js';

/**
 * Read-your-writes carried by the client (ADR 013).
 *
 * This is the one place a request waits for the read models; writers only store events (the event
 * store notes each position in the request's write scope, event-store/write-scope.ts).
 *
 * - A command answers with the log position of the last event it stored in `X-Log-Position`, once
 *   the projections its route reads from (`@ReadsFrom`, else all) have applied it (ADR 011).
 * - A command route marked `@ClientWaitsForReads()` (its answer is not read from a projection) and
 *   sent with `X-Read-Your-Writes: client` answers as soon as its events are stored: the server does
 *   not wait for any projection.
 * - A command route that answers with a read (the period it changed) reads through a query that
 *   first calls `ProjectionEngine.showOwnWrites`.
 * - A read sent with `X-After-Position: <position>` waits until the projections it reads have
 *   applied the log up to that position (at most the command wait's timeout; then it answers with
 *   what it has, and `read-model-changed` tells the browser when the rest arrives). An answer that
 *   did reach the position says so in `X-Read-Position`, so the client knows what it holds and may
 *   skip a later notice of a change at or before it.
 * - A command without the header keeps ADR 011's behaviour: it waits for the read models it serves
 *   before answering, so API clients that carry nothing still read their own writes.
 */
export const READ_YOUR_WRITES_HEADER = 'x-read-your-writes';
export const LOG_POSITION_HEADER = 'X-Log-Position';
export const AFTER_POSITION_HEADER = 'x-after-position';
export const READ_POSITION_HEADER = 'X-Read-Position';

const READS_FROM = 'treble:reads-from';
const CLIENT_MAY_WAIT = 'treble:client-may-wait';

/**
 * A command route whose answer is not read from a projection (a pick's id, an invitation link): a
 * client that sends `X-Read-Your-Writes: client` gets it without the server waiting for projections.
 */
export const ClientWaitsForReads = () => SetMetadata(CLIENT_MAY_WAIT, true);

/**
 * The projections a route (or every route of a controller) reads from: a read carrying
 * `X-After-Position` and a command before it answers wait for those alone. Without it, for all.
 */
export const ReadsFrom = (...projections: string[]) => SetMetadata(READS_FROM, projections);

/** A position as the client sends it: decimal digits, at most 19 (a signed 64-bit log position). */
export function parsePosition(value: string | undefined): bigint | null {
  if (value === undefined || !/^\d{1,19}$/.test(value)) return null;
  return BigInt(value);
}

const readMethods = new Set(['GET', 'HEAD']);

@Injectable()
export class ReadYourWritesInterceptor implements NestInterceptor {
  constructor(
    private readonly engine: ProjectionEngine,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();

    const only = this.reflector.getAllAndOverride<string[] | undefined>(READS_FROM, [
      context.getHandler(),
      context.getClass(),
    ]);

    if (readMethods.has(request.method)) {
      const after = parsePosition(request.header(AFTER_POSITION_HEADER));
      if (after === null) return next.handle();
      return defer(() => this.engine.settle(after, only)).pipe(
        concatMap((reached) => {
          if (reached && !response.headersSent) response.setHeader(READ_POSITION_HEADER, after.toString());
          return next.handle();
        }),
      );
    }

    const mayWait = this.reflector.getAllAndOverride<boolean | undefined>(CLIENT_MAY_WAIT, [
      context.getHandler(),
      context.getClass(),
    ]);
    const clientWaits = mayWait === true && request.header(READ_YOUR_WRITES_HEADER) === 'client';
    const scope: WriteScope = { position: null };
    // Also when the command fails after storing something (an invitation made, its mail refused).
    const settled = async (): Promise<void> => {
      if (scope.position === null) return;
      if (!clientWaits) await this.engine.settle(scope.position, only);
      if (!response.headersSent) response.setHeader(LOG_POSITION_HEADER, scope.position.toString());
    };
    return new Observable((subscriber) =>
      inWriteScope(scope, () =>
        next
          .handle()
          .pipe(
            concatMap(async (value: unknown) => {
              await settled();
              return value;
            }),
            catchError(async (error: unknown) => {
              await settled().catch(() => undefined);
              throw error;
            }),
          )
          .subscribe(subscriber),
      ),
    );
  }
}
