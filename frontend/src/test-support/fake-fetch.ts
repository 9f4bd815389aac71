import type { FetchLike, ResponseLike } from '../api/http';

/** One request the fake fetch received. */
export interface RecordedRequest {
  method: string;
  url: string;
  credentials: RequestCredentials | undefined;
  /** The raw request body (the client sends JSON text). */
  body: string | undefined;
}

export type Responder = (request: RecordedRequest) => ResponseLike | Promise<ResponseLike>;

export function jsonResponse(status: number, body: unknown, statusText = ''): ResponseLike {
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText,
    text: async () => (body === undefined ? '' : JSON.stringify(body)),
  };
}

export interface FakeFetch {
  fetch: FetchLike;
  /** Every request received, oldest first. */
  calls: RecordedRequest[];
  /** Routes keyed by "METHOD /path"; replace an entry to change later answers. */
  routes: Map<string, Responder>;
}

/** A fetch double that answers from a route table and records every request; unknown routes get 404. */
export function createFakeFetch(routes: Record<string, Responder> = {}): FakeFetch {
  const table = new Map(Object.entries(routes));
  const calls: RecordedRequest[] = [];
  const fetch: FetchLike = async (input, init) => {
    const request: RecordedRequest = {
      method: init.method ?? 'GET',
      url: input,
      credentials: init.credentials,
      body: typeof init.body === 'string' ? init.body : undefined,
    };
    calls.push(request);
    const responder = table.get(`${request.method} ${request.url}`);
    if (!responder) {
      return jsonResponse(404, { statusCode: 404, code: 'ROUTE_NOT_FOUND', message: `No route ${input}` });
    }
    return responder(request);
  };
  return { fetch, calls, routes: table };
}

/**
 * Installs a fetch double as the global fetch (jsdom has none) for code paths that use the
 * default, such as route loaders; returns the function that removes it again.
 */
export function installGlobalFetch(fake: FakeFetch): () => void {
  const previous = globalThis.fetch;
  globalThis.fetch = fake.fetch as unknown as typeof globalThis.fetch;
  return () => {
    globalThis.fetch = previous;
  };
}
