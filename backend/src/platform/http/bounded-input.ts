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

/**
 * Field names no request may use, at any depth: JavaScript gives them a meaning of their own
 * (`__proto__` is an object's prototype, `constructor` its class, `prototype` a class's
 * instances). `JSON.parse` keeps them as plain fields, but every step after it (class-transformer,
 * Nest's pipe, a `{ ...spread }`, a lookup in a record) may treat them as that meaning or drop
 * them without a word: Nest's pipe silently stripped `__proto__`, so a body carrying it passed the
 * unknown-field rule. No route has a field of these names, so they are refused outright.
 */
export const forbiddenFieldNames: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

const forbiddenField = (key: string) =>
  `The field name "${key}" is not accepted (__proto__, constructor and prototype never are)`;

/**
 * Why a parsed body is refused, or null when it may go on to validation. Every body the API takes
 * is a JSON object: an array (or a bare value) at the top is refused for every route, so a route
 * that reads no body, or reads it field by field, never meets one.
 */
export function bodyProblem(body: unknown): string | null {
  if (Array.isArray(body)) return 'The request body must be a JSON object, not an array';
  if (body !== undefined && (typeof body !== 'object' || body === null))
    return 'The request body must be a JSON object';
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
      if (forbiddenFieldNames.has(key)) return forbiddenField(key);
      pending.push({ value: child, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * Runs after the JSON body parser and before routing: a body that is not a JSON object, nests
 * deeper than `maxBodyDepth` or uses a forbidden field name anywhere, a query parameter of a
 * forbidden name, or a NUL character anywhere in the body, the path or the query (Postgres text
 * cannot hold it), is refused with 400 VALIDATION_FAILED before any handler, pipe or query sees it.
 */
export function boundedInput(request: Request, _response: Response, next: NextFunction): void {
  const parameter = Object.keys(request.query).find((name) => forbiddenFieldNames.has(name));
  const problem = /%00/.test(request.originalUrl)
    ? 'The address may not contain the NUL character (%00)'
    : parameter !== undefined
      ? forbiddenField(parameter)
      : bodyProblem(request.body);
  next(problem === null ? undefined : new DomainError(ErrorCodes.VALIDATION_FAILED, problem));
}
