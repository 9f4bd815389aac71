import { afterAll, describe, expect, it } from '@jest/globals';
import pg from 'pg';
import type { CreatedInvitation } from '@treble/contracts';
import { registerAdmin, startTestApp, type SignedIn, type TestApp, type TestClient } from '../support/app.js';
import { serverTarget } from '../support/databases.js';
import { BenchSection, ms, percentile, perSecond, pressure, profiled, times } from './report.js';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { ProjectionEngine } from '../../src/projections/projection-engine.js';

/**
 * Many small pools on one install (docs/adr/015, `npm run bench` with TEST_POSTGRES_URL): a deadline
 * rush across BENCH_POOLS pools (default 1,000) of BENCH_POOL_PLAYERS members (default 12; each
 * person plays in ten pools, as people do), against the one-pool rush of as many picks by the same
 * people in the same run; and a leaderboard read of one pool among them, against the same read in
 * an install of that one pool running beside it. Each pair of sides takes turns, a quarter at a
 * time, so that what else the machine does falls on both. Nothing here asserts a time.
 */
const pools = Number(process.env.BENCH_POOLS ?? 1000);
const members = Number(process.env.BENCH_POOL_PLAYERS ?? 12);
/** Each person plays in this many pools. */
const poolsPerPerson = Math.min(10, pools);
const persons = Math.max(members, Math.ceil((pools * members) / poolsPerPerson));
const teams = ['ARS', 'LIV', 'MCI', 'CHE', 'TOT', 'NEW', 'AVL', 'BHA', 'FUL', 'EVE'];
const report = new BenchSection(
  'pools',
  'Many pools on one install',
  `${pools} pools of ${members} members (${persons} people, each in ${poolsPerPerson} pools); each figure is a ratio to a baseline run alongside.`,
);
const setupConcurrency = 20;
const rushConcurrency = 200;
/** The rush is run in this many slices a side, the sides taking turns. */
const rushTurns = 4;

async function ok(what: string, answer: Promise<{ status: number; text: string }>): Promise<void> {
  const { status, text } = await answer;
  if (status >= 300) throw new Error(`${what}: ${status} ${text}`);
}

/** Registers `count` people through one invitation of the default pool. */
async function register(app: TestApp, admin: SignedIn, count: number): Promise<TestClient[]> {
  const { token } = (await admin.request('POST', '/api/invites', { maxUses: count + 1 }))
    .body as CreatedInvitation;
  const people: TestClient[] = [];
  await pressure(count, setupConcurrency, async (i) => {
    const client = app.client();
    await ok(
      'register',
      client.request('POST', '/api/auth/register', {
        email: `pool-bench-${i}@example.com`,
        password: 'bench correct horse',
        firstName: `Person ${i}`,
        inviteToken: token,
      }),
    );
    people[i] = client;
  });
  return people;
}

/**
 * Waits until the read side has applied every event so far: a rush's picks are answered before they
 * are projected (as a browser's are), and the next measurement must not pay for that backlog.
 */
async function caughtUp(app: TestApp): Promise<void> {
  const head = await app.app.get<EventStore>(EVENT_STORE).headPosition();
  await app.app.get(ProjectionEngine).waitFor(head, 3_600_000);
}

/**
 * Statements sent to Postgres meanwhile (every client of an app is a pg client in this process): the
 * settings, BEGIN and COMMIT too, the projector's and the background's as well; only those to the
 * database of `databaseUrl` when given (another app runs beside it).
 */
async function counted<T>(
  work: () => Promise<T>,
  databaseUrl?: string | null,
): Promise<{ result: T; statements: number }> {
  const original = pg.Client.prototype.query;
  const database = databaseUrl ? new URL(databaseUrl).pathname.slice(1) : null;
  let statements = 0;
  const kinds = new Map<string, number>();
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (database === null || this.database === database) {
      statements++;
      const first = args[0] as string | { text?: string };
      const text = (typeof first === 'string' ? first : (first?.text ?? '')).trim().slice(0, 40);
      kinds.set(text, (kinds.get(text) ?? 0) + 1);
    }
    return (original as (...rest: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    return { result: await work(), statements };
  } finally {
    pg.Client.prototype.query = original;
    // What they were, most sent first: where the statements go (docs/benchmarks.md).
    console.log([...kinds].sort((a, b) => b[1] - a[1]).slice(0, 12));
  }
}

/** Reads of a board on each side, in turns: a few seconds' worth, so one slow second does not decide the ratio. */
const boardReadCount = 4000;

/** A leaderboard page read `count` times, 50 at once, by the members of a pool. */
async function boardReads(readers: TestClient[], path: string, count: number) {
  return pressure(count, 50, async (i) => {
    await ok('leaderboard', readers[i % readers.length]!.request('GET', path));
  });
}

(serverTarget ? describe : describe.skip)('many pools on one install (Postgres server)', () => {
  let app: TestApp;
  let admin: SignedIn;
  let people: TestClient[] = [];
  const address = (pool: number) => `bench-${pool}`;
  /** The members of a pool, by person index: each person in `poolsPerPerson` pools. */
  const membersOf = (pool: number) =>
    Array.from({ length: members }, (_, j) => (pool * members + j) % persons);
  afterAll(async () => {
    await app?.close();
    await report.write();
  });

  it(`sets up ${pools} pools of ${members}`, async () => {
    app = await startTestApp(serverTarget!, { POOL_NOW: '2025-08-10T12:00:00Z', DATABASE_POOL_SIZE: '40' });
    admin = await registerAdmin(app);
    await ok('import', admin.request('POST', '/api/admin/setup/periods', {}));
    await ok('options', admin.request('POST', '/api/admin/setup/options', {}));
    people = await register(app, admin, persons);
    await pressure(pools, setupConcurrency, async (pool) => {
      const at = `/api/pools/${address(pool)}`;
      await ok(
        'create',
        admin.request('POST', '/api/pools', { address: address(pool), name: `Bench ${pool}` }),
      );
      await ok('periods', admin.request('POST', `${at}/admin/setup/periods`, {}));
      await ok('options', admin.request('POST', `${at}/periods/1/epl-options`, {}));
      const { token } = (await admin.request('POST', `${at}/invites`, { maxUses: members }))
        .body as CreatedInvitation;
      for (const person of membersOf(pool))
        await ok('join', people[person]!.request('POST', `/api/invitations/${token}/join`, {}));
    });
  }, 7_200_000);

  it('deadline rush across every pool, against the same picks in one pool', async () => {
    const picks = pools * members * 3;
    const spreadPick = async (i: number) => {
      const slot = Math.floor(i / 3);
      const pool = Math.floor(slot / members);
      const person = membersOf(pool)[slot % members]!;
      await ok(
        'pick',
        people[person]!.request(
          'POST',
          `/api/pools/${address(pool)}/choices`,
          { periodId: 1, optionId: `1-${teams[(person + (i % 3) * 3) % 10]}` },
          { 'X-Read-Your-Writes': 'client' },
        ),
      );
    };
    // As many picks in the default pool: each person picks 3 in as many matchweeks as they have pools.
    // (Round by round over the people, as the rush above reaches each person's streams in turn.)
    const onePick = async (i: number) => {
      const person = i % persons;
      const round = Math.floor(i / persons);
      const period = 1 + (Math.floor(round / 3) % poolsPerPerson);
      await ok(
        'pick',
        people[person]!.request(
          'POST',
          '/api/choices',
          { periodId: period, optionId: `${period}-${teams[(person + period + (round % 3) * 3) % 10]}` },
          { 'X-Read-Your-Writes': 'client' },
        ),
      );
    };
    const spread = { latencies: [] as number[], seconds: 0, statements: 0 };
    const one = { latencies: [] as number[], seconds: 0, statements: 0 };
    /** One slice of a side's picks, until the read side has caught up (its statements counted till then). */
    const turn = async (
      side: typeof spread,
      from: number,
      count: number,
      pick: (i: number) => Promise<void>,
    ) => {
      const { result, statements } = await counted(async () => {
        const rush = await profiled(`rush-${side === spread ? 'pools' : 'one'}-${from}`, () =>
          pressure(count, rushConcurrency, (i) => pick(from + i)),
        );
        await caughtUp(app);
        return rush;
      });
      side.latencies.push(...result.latencies);
      side.seconds += result.seconds;
      side.statements += statements;
      return result.seconds;
    };
    // The two sides take turns, a slice each, so that a slower minute of a busy machine falls on both.
    const slice = Math.ceil(picks / rushTurns);
    const turnRatios: number[] = [];
    await caughtUp(app);
    for (let from = 0; from < picks; from += slice) {
      const count = Math.min(slice, picks - from);
      const spreadSeconds = await turn(spread, from, count, spreadPick);
      turnRatios.push((await turn(one, from, count, onePick)) / spreadSeconds);
    }
    const rate = perSecond(picks, spread.seconds);
    const baseline = perSecond(picks, one.seconds);
    // Until the read side has caught up: the picks' own statements and the projector's.
    const perPick = (statements: number) => `${(statements / picks).toFixed(2)} statements a pick`;
    const range = `turns ${Math.min(...turnRatios).toFixed(2)}–${Math.max(...turnRatios).toFixed(2)}`;
    report.record({
      workload: `Rush across ${pools} pools, picks/s (p99)`,
      players: pools * members,
      measured: `${rate}/s (${ms(percentile(spread.latencies, 99))}); ${perPick(spread.statements)}`,
      baseline: `one pool ${baseline}/s (${ms(percentile(one.latencies, 99))}); ${perPick(one.statements)}`,
      ratio: rate / baseline,
      target: `≥ 0.80 (${range})`,
      met: rate / baseline >= 0.8,
      shortBy: times(0.8 / (rate / baseline)),
    });
    expect(spread.latencies).toHaveLength(picks);
    expect(one.latencies).toHaveLength(picks);
  }, 7_200_000);

  it(`a leaderboard of one pool among ${pools}, against the same read in an install of one pool`, async () => {
    await caughtUp(app);
    // The same pool alone, in an install of its own beside this one: its members, their picks.
    const alone = await startTestApp(serverTarget!, {
      POOL_NOW: '2025-08-10T12:00:00Z',
      DATABASE_POOL_SIZE: '40',
    });
    try {
      const host = await registerAdmin(alone);
      await ok('periods', host.request('POST', '/api/admin/setup/periods', {}));
      await ok('options', host.request('POST', '/api/periods/1/epl-options', {}));
      const players = [host, ...(await register(alone, host, members - 1))];
      for (const [index, client] of players.entries())
        for (let k = 0; k < 3; k++)
          await ok(
            'pick',
            client.request('POST', '/api/choices', {
              periodId: 1,
              optionId: `1-${teams[(index + k * 3) % 10]}`,
            }),
          );
      await caughtUp(alone);
      for (const install of [app, alone]) install.clock!.set(new Date('2025-08-19T12:00:00Z'));
      const pool = Math.floor(pools / 2);
      const sides = [
        {
          install: app,
          readers: membersOf(pool).map((person) => people[person]!),
          path: `/api/pools/${address(pool)}/leaderboards/overall?limit=50`,
        },
        { install: alone, readers: players, path: '/api/leaderboards/overall?limit=50' },
      ].map((side) => ({ ...side, latencies: [] as number[], seconds: 0, statements: 0 }));
      // The two installs take turns, as the rushes do; each side's statements are its own database's.
      const turnRatios: number[] = [];
      for (let turn = 0; turn < rushTurns; turn++) {
        const seconds: number[] = [];
        for (const side of sides) {
          const { result, statements } = await counted(
            () =>
              profiled(`board-${side.install === app ? 'pools' : 'one'}-${turn}`, () =>
                boardReads(side.readers, side.path, boardReadCount / rushTurns),
              ),
            side.install.config.databaseUrl,
          );
          side.latencies.push(...result.latencies);
          side.seconds += result.seconds;
          side.statements += statements;
          seconds.push(result.seconds);
        }
        turnRatios.push(seconds[1]! / seconds[0]!);
      }
      const [many, single] = sides as [(typeof sides)[0], (typeof sides)[0]];
      const perRead = (statements: number) => `${(statements / boardReadCount).toFixed(2)} statements a read`;
      const rate = perSecond(boardReadCount, many.seconds);
      const baseline = perSecond(boardReadCount, single.seconds);
      const range = `turns ${Math.min(...turnRatios).toFixed(2)}–${Math.max(...turnRatios).toFixed(2)}`;
      report.record({
        workload: `Leaderboard of one pool among ${pools}, req/s (p99)`,
        players: members,
        measured: `${rate}/s (${ms(percentile(many.latencies, 99))}); ${perRead(many.statements)}`,
        baseline: `the pool alone ${baseline}/s (${ms(percentile(single.latencies, 99))}); ${perRead(single.statements)}`,
        ratio: rate / baseline,
        target: `≥ 0.80 (${range})`,
        met: rate / baseline >= 0.8,
        shortBy: times(0.8 / (rate / baseline)),
      });
    } finally {
      await alone.close();
    }
  }, 7_200_000);
});
