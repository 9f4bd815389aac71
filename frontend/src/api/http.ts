import { isApiErrorBody, type ErrorCode } from '@treble/contracts';
import { apiPath } from './current-pool';
import { reportServerReachable } from '../pwa/network-status';

/** The part of a fetch `Response` the client reads; lets tests answer with plain objects. */
export interface ResponseLike {
  ok: boolean;
  status: number;
  statusText: string;
  /** Absent in tests that answer with plain objects. */
  headers?: { get(name: string): string | null };
  text(): Promise<string>;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<ResponseLike>;

/**
 * A refused or failed API call. `message` follows docs/rules.md, Screens: "{status}: {server message or
 * status text}"; screens switch on `code` (from the contracts), never on the text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    /** The contract error code, or null when the answer carried no `{ statusCode, code, message }` body. */
    readonly code: ErrorCode | null,
    /** The server's own message (or the status text), without the status prefix. */
    readonly detail: string,
    /** The whole error body, for answers that carry more than the message (send-invite's fallback link). */
    readonly body: unknown = null,
  ) {
    super(`${status}: ${detail}`);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Serialised as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** Defaults to the global fetch, looked up at call time so a test can install its own. */
  fetch?: FetchLike;
  /**
   * Let the browser keep the answer and ask the server whether it still holds (`If-None-Match`):
   * for GETs whose answers carry entity tags (the leaderboards), a 304 instead of the whole list.
   * Every other call bypasses the browser's cache.
   */
  revalidate?: boolean;
}

/**
 * Read-your-writes (ADR 013): the furthest log position this browser knows of, from its own
 * commands (`X-Log-Position`) and from the `read-model-changed` notices it has received. Commands
 * tell the server that this client waits on its reads (`X-Read-Your-Writes: client`), so a pick
 * answers as soon as it is stored; every read then names the position (`X-After-Position`) and the
 * server answers once the tables it reads have it (at once when they already do). So an answer is
 * known to hold everything up to the position its request named, which lets a notice that is not
 * newer than it be skipped (`api/read-positions.ts`).
 */
let knownPosition: bigint | null = null;

/** A log position as the server writes it (decimal digits, a signed 64-bit number), or null. */
export function parsePosition(value: string | null | undefined): bigint | null {
  return value != null && /^\d{1,19}$/.test(value) ? BigInt(value) : null;
}

/** Records a log position this browser has learned of (anything but a position is ignored). */
export function noteKnownPosition(value: string | null | undefined): void {
  const position = parsePosition(value);
  if (position !== null && (knownPosition === null || position > knownPosition)) knownPosition = position;
}

/** The furthest position this browser knows of, which its reads name (null before it knows any). */
export function lastKnownPosition(): bigint | null {
  return knownPosition;
}

/**
 * The log position each answer is known to hold: the server says `X-Read-Position` when the tables
 * it read had reached the position the request named. Keyed by the parsed answer (objects only).
 */
const heldPositions = new WeakMap<object, bigint>();

/** The position an answer of `requestJson` is known to hold, or null (unmarked, or not an object). */
export function heldPosition(answer: unknown): bigint | null {
  return typeof answer === 'object' && answer !== null ? (heldPositions.get(answer) ?? null) : null;
}

/** Gives `to` the mark of `from` (the query cache keeps a structurally shared copy of an answer). */
export function carryHeldPosition(from: unknown, to: unknown): void {
  const held = heldPosition(from);
  if (held !== null && typeof to === 'object' && to !== null) heldPositions.set(to, held);
}

/** Forgets the position (tests; a sign-out needs nothing, the server ignores a position it has passed). */
export function resetKnownPosition(): void {
  knownPosition = null;
}

const globalFetch: FetchLike = (input, init) => globalThis.fetch(input, init);

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Calls the API with the session cookie and JSON in both directions, in the pool this page shows
 * (`lib/current-pool.ts`); throws `ApiError` on any non-2xx.
 */
export async function requestJson<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal, fetch = globalFetch, revalidate = false } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  const cache: RequestCache = revalidate && method === 'GET' ? 'no-cache' : 'no-store';
  const init: RequestInit = { method, headers, credentials: 'include', cache };
  if (method === 'GET') {
    if (knownPosition !== null) headers['X-After-Position'] = knownPosition.toString();
  } else {
    headers['X-Read-Your-Writes'] = 'client';
  }
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  if (signal) init.signal = signal;

  let response: Awaited<ReturnType<typeof fetch>>;
  try {
    response = await fetch(apiPath(path), init);
  } catch (error) {
    // No answer at all (not an aborted request): the server is out of reach.
    if (!signal?.aborted && error instanceof TypeError) reportServerReachable(false);
    throw error;
  }
  reportServerReachable(true);
  noteKnownPosition(response.headers?.get('X-Log-Position'));
  const text = await response.text();

  if (!response.ok) {
    const parsed = parseJson(text);
    if (isApiErrorBody(parsed)) throw new ApiError(response.status, parsed.code, parsed.message, parsed);
    const detail = text.trim() || response.statusText || 'Request failed';
    throw new ApiError(response.status, null, detail);
  }

  // Nest sends a handler's `null` (e.g. "no current period") as an empty 200: that is a JSON null.
  // Only 204 No Content means "no body at all".
  if (text === '') return (response.status === 204 ? undefined : null) as T;
  const parsed = parseJson(text);
  if (parsed === undefined) {
    // A 200 with HTML usually means the request never reached the API (e.g. a static fallback page).
    throw new Error(`Unexpected non-JSON answer from ${path}`);
  }
  const held = parsePosition(response.headers?.get('X-Read-Position'));
  if (typeof parsed === 'object' && parsed !== null && held !== null) heldPositions.set(parsed, held);
  return parsed as T;
}
