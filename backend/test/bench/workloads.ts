import fs from 'node:fs/promises';
import { expect } from '@jest/globals';
import pg from 'pg';
import { Agent, fetch as undiciFetch } from 'undici';
import type { CreatedInvitation } from '@treble/contracts';
import { registerAdmin, type SignedIn, type TestApp, type TestClient } from '../support/app.js';
import { builtMain } from '../support/server-process.js';
import { fromAnotherThread, type LoadRequest, type LoadResult } from './load-generator.js';
import { BenchSection, ms, percentile, perSecond, pressure, times } from './report.js';

/** The workloads' table (workloads.bench.spec.ts) and what its rows are measured with. */
export const report = new BenchSection(
  'workloads',
  'Workloads, black-box',
  'Each figure is a ratio to a baseline measured in the same run (for rates higher is better, for times lower, as the target column says); "short" marks a target not met.',
);

export function record(
  workload: string,
  players: number,
  measured: string,
  baseline: string,
  ratio: number,
  target: string,
  met: boolean,
  shortBy?: string,
): void {
  report.record({ workload, players, measured, baseline, ratio, target, met, shortBy });
}

export interface Measured {
  latencies: number[];
  seconds: number;
}

/**
 * A row of a rate (W1 picks, W4 reads) against a baseline's in the same run, with the p50 and p99
 * of each: met when the ratio and the measured p99 reach their targets.
 */
export function recordRate(
  workload: string,
  players: number,
  measured: Measured,
  baseline: Measured,
  { against, atLeast, p99Within }: { against: string; atLeast: number; p99Within: number },
): void {
  const rate = perSecond(measured.latencies.length, measured.seconds);
  const baseRate = perSecond(baseline.latencies.length, baseline.seconds);
  const spread = ({ latencies }: Measured) =>
    `${ms(percentile(latencies, 50))}, ${ms(percentile(latencies, 99))}`;
  const ratio = rate / baseRate;
  const p99 = percentile(measured.latencies, 99);
  const shortBy = [
    ...(ratio < atLeast ? [`rate ${times(atLeast / ratio)}`] : []),
    ...(p99 > p99Within ? [`p99 ${times(p99 / p99Within)}`] : []),
  ];
  record(
    workload,
    players,
    `${rate}/s (${spread(measured)})`,
    `${against} ${baseRate}/s (${spread(baseline)})`,
    ratio,
    `≥ ${atLeast.toFixed(2)}, p99 ≤ ${p99Within} ms`,
    shortBy.length === 0,
    shortBy.join(', '),
  );
}

/** Whether the built app is there (a workload that runs it in its own process is skipped without it). */
export async function built(workload: string): Promise<boolean> {
  const exists = await fs.access(builtMain).then(
    () => true,
    () => false,
  );
  if (!exists) console.log(`${workload} skipped: run \`npm run build\` first`);
  return exists;
}

/** An admin, the season's periods and options, and `players` players signed in through one invitation. */
export async function setUpPool(
  app: TestApp,
  players: number,
): Promise<{ admin: SignedIn; clients: TestClient[] }> {
  const admin = await registerAdmin(app);
  expect((await admin.request('POST', '/api/admin/setup/periods', {})).status).toBe(200);
  expect((await admin.request('POST', '/api/admin/setup/options', {})).status).toBe(200);
  const invitation = (await admin.request('POST', '/api/invites', { maxUses: players + 10 }))
    .body as CreatedInvitation;
  const clients: TestClient[] = [];
  await pressure(players, 20, async (i) => {
    const client = app.client();
    const response = await client.request('POST', '/api/auth/register', {
      email: `bench-${i}@example.com`,
      password: 'bench correct horse',
      firstName: `Player ${i}`,
      inviteToken: invitation.token,
    });
    if (response.status !== 201) throw new Error(`register ${response.status} ${response.text}`);
    clients.push(client);
  });
  return { admin, clients };
}

/**
 * The load generator's connections, at most `max` (its most requests in flight). Node's own fetch
 * opens a connection whenever none is free at that instant, so a closed loop of 200 grows its pool
 * past 200 (a request sent as its predecessor's answer is read finds that connection not yet
 * free), and each new one waits its turn to be accepted (`openApp`); a browser holds a few per site.
 */
export function boundConnections(max: number): void {
  const agent = new Agent({ connections: max });
  globalThis.fetch = ((input: string, init?: RequestInit) =>
    undiciFetch(input, { ...(init as object), dispatcher: agent })) as unknown as typeof fetch;
}

/**
 * Every player opens the app (their session resolved in the last minute: after a minute unused, a
 * session's next request reads and touches it, one statement, as on every signed-in route), sent
 * untimed before a workload on its load generator's connections, so that many connections are open
 * when it is timed, as browsers with the app open keep theirs. Without it a workload's first
 * requests each open a connection, and Node accepts one new connection per turn of its event loop
 * (seen with strace: one `accept4` between two `epoll_pwait`s), so under load the last of 200
 * waited seconds in the kernel's accept queue before the app saw it: the p99 measured that.
 */
export function opening(clients: TestClient[]): LoadRequest[] {
  return clients.map((client) => ({
    method: 'GET',
    path: '/api/auth/user',
    cookie: client.cookieHeader()!,
    expect: 200,
  }));
}

/** `count` requests of `GET /api/rules`, which reads nothing: what HTTP alone allows the app. */
export function bareRoute(client: TestClient, count: number): LoadRequest[] {
  const request = { method: 'GET', path: '/api/rules', cookie: client.cookieHeader()!, expect: 200 };
  return Array.from({ length: count }, () => request);
}

/** W1: every player picks 3 in matchweek 1, 200 requests in flight, as the web app sends them. */
export function rush(baseUrl: string, clients: TestClient[]): Promise<LoadResult> {
  const teams = ['ARS', 'LIV', 'MCI', 'CHE', 'TOT', 'NEW', 'AVL', 'BHA', 'FUL', 'EVE'];
  const picks = Array.from({ length: clients.length * 3 }, (_, i) => {
    const player = Math.floor(i / 3);
    return {
      method: 'POST',
      path: '/api/choices',
      cookie: clients[player]!.cookieHeader()!,
      body: { periodId: 1, optionId: `1-${teams[(player + (i % 3) * 3) % 10]}` },
      // The client reads its own writes (ADR 013).
      headers: { 'X-Read-Your-Writes': 'client' },
      expect: 201,
    };
  });
  return fromAnotherThread(baseUrl, 200, picks, opening(clients));
}

/** W1's baseline: as many single-row INSERTs, 200 at once, on 40 connections. */
export async function rawInserts(
  url: string,
  count: number,
): Promise<{ latencies: number[]; seconds: number }> {
  const raw = new pg.Pool({ connectionString: url, max: 40 });
  await raw.query(
    'CREATE TABLE IF NOT EXISTS bench_raw_picks (user_id int, slot int, option_id text, PRIMARY KEY (user_id, slot))',
  );
  const measured = await pressure(count, 200, async (i) => {
    await raw.query('INSERT INTO bench_raw_picks VALUES ($1, $2, $3)', [Math.floor(i / 3), i % 3, `1-${i}`]);
  });
  await raw.query('DROP TABLE bench_raw_picks');
  await raw.end();
  return measured;
}

/** Resolves `done` once `tick` has been called `count` times. */
export function counter(count: number): { tick(): void; done: Promise<void> } {
  let left = count;
  let resolve!: () => void;
  const done = new Promise<void>((r) => (resolve = r));
  if (left <= 0) resolve();
  return {
    done,
    tick() {
      left -= 1;
      if (left === 0) resolve();
    },
  };
}
