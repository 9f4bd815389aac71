import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { Observable } from 'rxjs';
import { inPool } from '../platform/pool-scope/pool-scope.js';
import { requestPoolKey } from '../platform/http/command-context.js';
import { poolArchived } from '../shared/queries/pool-queries.js';
import { PoolDirectory } from './pool-directory.js';

const reads = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Runs each HTTP handler in the scope of its request's pool (event-store/pool-scope.ts), and keeps
 * an archived pool read-only: its history reads as before, any change is 409 `POOL_ARCHIVED`. The
 * pool routes only mark the request: a scope entered in an Express middleware would not reach the
 * handler through the body parser's stream events.
 */
@Injectable()
export class PoolScopeInterceptor implements NestInterceptor {
  constructor(private readonly directory: PoolDirectory) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    const key = requestPoolKey(request);
    if (!reads.has(request.method) && this.directory.isArchived(key)) throw poolArchived();
    return new Observable((subscriber) => inPool(key, () => next.handle().subscribe(subscriber)));
  }
}
