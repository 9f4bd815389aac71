import {
  BadRequestException,
  Injectable,
  SetMetadata,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import type { Request } from 'express';
import { map, type Observable } from 'rxjs';
import { ErrorCodes } from '@treble/contracts';
import { strictWholeNumber } from './validation.js';

/** The most entries any list answer holds: `?limit=` goes up to it, and a list asked for whole stops there. */
export const maxPageSize = 5000;
/** The furthest `?offset=` reaches into a list. */
export const maxOffset = 1_000_000;

/** `?limit=&offset=` of a list route whose handler pages in its query (a DTO for `@Query()`). */
export class PageQuery {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(maxPageSize) limit?: number;
  @IsOptional() @Type(() => Number) @IsInt() @Min(0) @Max(maxOffset) offset?: number;
}

const listPageKey = 'treble:list-page';
interface ListPageOptions {
  /** A smaller page size for this list (the audit log: 500). */
  maxSize?: number;
  /** The handler applies `limit` and `offset` itself (in SQL); the answer is only capped here. */
  pagedByHandler?: boolean;
}

/** Marks a list route that pages itself, or that has a page size of its own. */
export const ListPage = (options: ListPageOptions) => SetMetadata(listPageKey, options);

function bound(request: Request, name: 'limit' | 'offset', min: number, max: number): number | undefined {
  const raw = request.query[name];
  if (raw === undefined) return undefined;
  const value = strictWholeNumber(raw);
  if (value === null || value < min || value > max) {
    throw new BadRequestException({
      code: ErrorCodes.VALIDATION_FAILED,
      message: `${name}: must be a whole number from ${min} to ${max}`,
    });
  }
  return value;
}

/**
 * Every list the API answers (a GET whose handler returns an array) is a page: at most
 * `maxPageSize` entries (or the route's own `ListPage` size), from `?offset=` (0 to `maxOffset`),
 * `?limit=` long. A client that asks for no page gets the list from its start, up to the maximum,
 * as the spec's list shapes always were. Out-of-range or loosely written numbers are refused with
 * 400 before the handler runs.
 */
@Injectable()
export class ListPageInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Request>();
    if (request.method !== 'GET') return next.handle();
    const options =
      this.reflector.getAllAndOverride<ListPageOptions | undefined>(listPageKey, [
        context.getHandler(),
        context.getClass(),
      ]) ?? {};
    const size = Math.min(options.maxSize ?? maxPageSize, maxPageSize);
    const limit = bound(request, 'limit', 1, size);
    const offset = bound(request, 'offset', 0, maxOffset) ?? 0;
    return next.handle().pipe(
      map((result: unknown) => {
        if (!Array.isArray(result)) return result;
        const list = result as unknown[];
        if (options.pagedByHandler) return list.length > size ? list.slice(0, size) : list;
        return list.slice(offset, offset + (limit ?? size));
      }),
    );
  }
}
