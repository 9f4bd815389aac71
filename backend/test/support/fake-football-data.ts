import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for api.football-data.org/v4 on 127.0.0.1, for tests of the real client: it serves
 * whatever match list the test sets (captured responses, or built ones) and injects faults on
 * demand (an HTTP error with a body, a hang, a broken body, rate-limit headers).
 */

/** Captured football-data.org answers (test/fixtures/football-data/README.md). */
const fixturesDir = new URL('../fixtures/football-data/', import.meta.url);

export function readCaptured(file: string): { matches: Record<string, unknown>[]; [key: string]: unknown } {
  return JSON.parse(fs.readFileSync(new URL(file, fixturesDir), 'utf8')) as {
    matches: Record<string, unknown>[];
  };
}

export type Fault =
  | { kind: 'status'; status: number; body: unknown; headers?: Record<string, string> }
  /** Never answers (the client must time out). */
  | { kind: 'hang' }
  /** 200 with a body that is not JSON. */
  | { kind: 'malformed'; text: string }
  /** The normal answer, with these headers added (e.g. rate-limit counters). */
  | { kind: 'headers'; headers: Record<string, string> };

export interface SeenRequest {
  path: string;
  query: URLSearchParams;
  token: string | undefined;
}

export interface FakeFootballData {
  /** Base URL, like https://api.football-data.org/v4. */
  url: string;
  requests: SeenRequest[];
  /** Faults to serve, one per request, before normal answers resume. */
  faults: Fault[];
  /** The matches the normal answer is built from (v4 match objects); filtered by the query like the API. */
  matches: Record<string, unknown>[];
  close(): Promise<void>;
}

function answer(matches: Record<string, unknown>[], query: URLSearchParams): unknown {
  const matchday = query.get('matchday');
  const status = query.get('status')?.split(',');
  const selected = matches.filter(
    (match) =>
      (matchday === null || String(match.matchday) === matchday) &&
      (status === undefined || status.includes(String(match.status))),
  );
  return {
    filters: Object.fromEntries(query.entries()),
    resultSet: { count: selected.length },
    competition: { id: 2021, name: 'Premier League', code: 'PL', type: 'LEAGUE' },
    matches: selected,
  };
}

export async function startFakeFootballData(): Promise<FakeFootballData> {
  const requests: SeenRequest[] = [];
  const state = { faults: [] as Fault[], matches: [] as Record<string, unknown>[] };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const token = request.headers['x-auth-token'];
    requests.push({
      path: url.pathname,
      query: url.searchParams,
      token: Array.isArray(token) ? token[0] : token,
    });
    const fault = state.faults.shift();
    if (fault?.kind === 'hang') return;
    if (fault?.kind === 'status') {
      response.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
      response.end(typeof fault.body === 'string' ? fault.body : JSON.stringify(fault.body));
      return;
    }
    if (fault?.kind === 'malformed') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(fault.text);
      return;
    }
    if (!/^\/v4\/competitions\/PL\/matches$/.test(url.pathname)) {
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ message: 'The resource you are looking for does not exist.', errorCode: 404 }),
      );
      return;
    }
    response.writeHead(200, {
      'content-type': 'application/json',
      'X-Requests-Available-Minute': '9',
      'X-RequestCounter-Reset': '60',
      ...(fault?.kind === 'headers' ? fault.headers : {}),
    });
    response.end(JSON.stringify(answer(state.matches, url.searchParams)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v4`,
    requests,
    get faults() {
      return state.faults;
    },
    set faults(value: Fault[]) {
      state.faults = value;
    },
    get matches() {
      return state.matches;
    },
    set matches(value: Record<string, unknown>[]) {
      state.matches = value;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
