import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import { Observable } from 'rxjs';
import { inPool } from '../platform/pool-scope/pool-scope.js';
import { requestPoolKey } from '../platform/http/command-context.js';

/**
 * Runs each HTTP handler in the scope of its request's pool (event-store/pool-scope.ts). The pool
 * routes only mark the request: a scope entered in an Express middleware would not reach the
 * handler through the body parser's stream events.
 */
@Injectable()
export class PoolScopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const key = requestPoolKey(context.switchToHttp().getRequest<Request>());
    return new Observable((subscriber) => inPool(key, () => next.handle().subscribe(subscriber)));
  }
}
