import type { NextFunction, Request, Response } from 'express';
import { ErrorCodes } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';

/**
 * How deeply a JSON body may nest objects and arrays. The deepest body the API accepts is two
 * levels (`{ "optionIds": [...] }`); the margin is wide, but far below what the recursive
 * transform and validation steps (class-transformer, class-validator) can walk without
 * exhausting the stack: a 3 KB body of 1,500 brackets used to end in a 500.
 */
export const maxBodyDepth = 32;

/** Why a parsed body is refused, or null when it may go on to validation. */
export function bodyProblem(body: unknown): string | null {
  // An explicit stack: the walk itself must not recurse on what it is checking.
  const pending: { value: unknown; depth: number }[] = [{ value: body, depth: 0 }];
  while (pending.length > 0) {
    const { value, depth } = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'Text may not contain the NUL character (\\u0000)';
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (depth + 1 > maxBodyDepth) return `The request body nests more than ${maxBodyDepth} levels deep`;
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return 'Field names may not contain the NUL character (\\u0000)';
      pending.push({ value: child, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * Runs after the JSON body parser and before routing: a body nested deeper than
 * `maxBodyDepth`, or a NUL character anywhere in the body, the path or the query (Postgres text
 * cannot hold it), is refused with 400 VALIDATION_FAILED before any handler, pipe or query sees it.
 */
export function boundedInput(request: Request, _response: Response, next: NextFunction): void {
  if (/%00/.test(request.originalUrl)) {
    next(
      new DomainError(ErrorCodes.VALIDATION_FAILED, 'The address may not contain the NUL character (%00)'),
    );
    return;
  }
  const problem = bodyProblem(request.body);
  next(problem === null ? undefined : new DomainError(ErrorCodes.VALIDATION_FAILED, problem));
}
