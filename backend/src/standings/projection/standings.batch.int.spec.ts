import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { defaultRules, type PoolRules, type QueryKey } from '@treble/contracts';
import fc from 'fast-check';
import { databaseTargets, type TestDatabaseHandle } from '../../../test/support/databases.js';
import { perEventStandings } from '../../../test/support/standings-oracle.js';
import { invitationsProjection } from '../../accounts/queries/invitations/invitations.projection.js';
import { usersProjection } from '../../accounts/queries/users/users.projection.js';
import { auditProjection } from '../../audit/audit.projection.js';
import type { RecordedEvent } from '../../event-store/event-store.port.js';
import type { Recorded } from '../../event-store/read-stream.js';
import type { PicksEvent } from '../../picks/domain/picks.events.js';
import type { ChangedKeyGroup, Projection, ProjectionContext } from '../../projections/projection.js';
import { planPickRun } from './pick-run.js';
import { standingsProjection } from './standings.projection.js';

const uid = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** Players: uuids as the accounts make them, and one id that is not a uuid. */
const standingsPlayers = [uid(1), uid(2), uid(3), 'legacy-4'];
/** The accounts' ids are uuids (the users table's key). */
const accounts = [uid(1), uid(2), uid(3), uid(4)];
const teams = ['A', 'B', 'C', 'D'];
const outcomes = ['win', 'draw', 'loss'] as const;

/** One step of a random history; indexes pick among what exists by then (modulo its size). */
type Step =
  | { kind: 'pick'; player: number; period: number; team: number }
  | { kind: 'retro'; player: number; period: number; teams: number[] }
  | { kind: 'withdraw' | 'void'; pick: number; otherPlayer: boolean }
  | { kind: 'clear'; player: number; period: number }
  | { kind: 'result'; period: number; team: number; outcome: number }
  | { kind: 'deleteResult' | 'complete' | 'reopen'; period: number; team: number }
  | { kind: 'schedule'; period: number; last10: boolean }
  | { kind: 'register' | 'admin'; player: number }
  | { kind: 'replay'; event: number };

const player = fc.nat({ max: standingsPlayers.length - 1 });
const period = fc.integer({ min: 1, max: 3 });
const team = fc.nat({ max: teams.length - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('pick' as const), player, period, team }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('retro' as const),
      player,
      period,
      teams: fc.array(team, { minLength: 1, maxLength: 3 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('withdraw' as const, 'void' as const),
      pick: fc.nat(),
      otherPlayer: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('clear' as const), player, period }) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('result' as const), period, team, outcome: fc.nat({ max: 2 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('deleteResult' as const, 'complete' as const, 'reopen' as const),
      period,
      team,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('schedule' as const), period, last10: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('register' as const), player }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replay' as const), event: fc.nat() }) },
);

/** The events a history's steps make, as the log would hand them over. */
function eventsOf(steps: readonly Step[], players = standingsPlayers): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  const made: { choiceId: string; userId: string; periodId: number; optionId: string; teamKey: string }[] =
    [];
  let next = 0;
  const add = (type: string, data: unknown, actor = 'player') => {
    const position = BigInt(events.length + 1);
    const at = new Date(Date.parse('2025-08-01T00:00:00Z') + events.length * 60_000);
    events.push({
      id: `e-${position}`,
      streamId: 's',
      version: events.length,
      position,
      type,
      data,
      metadata: {
        actor,
        correlationId: 'c',
        causationId: null,
        occurredAt: at.toISOString(),
        source: 'player',
      },
      recordedAt: at,
    });
  };
  const option = (periodId: number, t: number) => `${periodId}-${teams[t]}`;
  for (const s of steps) {
    switch (s.kind) {
      case 'pick': {
        const pick = {
          choiceId: `ch-${++next}`,
          userId: players[s.player]!,
          periodId: s.period,
          optionId: option(s.period, s.team),
          teamKey: teams[s.team]!,
        };
        made.push(pick);
        add('ChoiceMade', { ...pick, teamName: `Team ${pick.teamKey}` });
        break;
      }
      case 'retro': {
        const choices = s.teams.map((t) => ({
          choiceId: `ch-${++next}`,
          optionId: option(s.period, t),
          teamKey: teams[t]!,
          teamName: `Team ${teams[t]}`,
        }));
        for (const c of choices) made.push({ ...c, userId: players[s.player]!, periodId: s.period });
        add('RetroactiveChoicesMade', { userId: players[s.player]!, periodId: s.period, choices }, 'admin-1');
        break;
      }
      case 'withdraw':
      case 'void': {
        if (made.length === 0) break;
        const pick = made[s.pick % made.length]!;
        // Now and then an event names another player than the pick's (it must change nothing).
        const userId = s.otherPlayer && s.pick % 5 === 0 ? 'someone-else' : pick.userId;
        if (s.kind === 'withdraw') add('ChoiceWithdrawn', { ...pick, userId });
        else add('ChoiceVoided', { ...pick, userId, reason: 'postponed' }, 'system');
        break;
      }
      case 'clear': {
        const userId = players[s.player]!;
        const choiceIds = made
          .filter((p) => p.userId === userId && p.periodId === s.period)
          .map((p) => p.choiceId);
        add('PeriodChoicesCleared', { userId, periodId: s.period, choiceIds }, 'admin-1');
        break;
      }
      case 'result': {
        const outcome = outcomes[s.outcome]!;
        add('ResultRecorded', {
          periodId: s.period,
          optionId: option(s.period, s.team),
          outcome,
          points: defaultRules.points[outcome],
          source: 'admin',
        });
        break;
      }
      case 'deleteResult':
        add('ResultDeleted', { periodId: s.period, optionId: option(s.period, s.team) });
        break;
      case 'complete':
        add('PeriodCompleted', { periodId: s.period, manual: true, completedAt: '2025-09-01T00:00:00.000Z' });
        break;
      case 'reopen':
        add('PeriodReopened', { periodId: s.period });
        break;
      case 'schedule':
        add('PeriodScheduled', {
          periodId: s.period,
          season: '2025-26',
          name: `Matchweek ${s.period}`,
          description: null,
          segment: s.last10 ? 'last10' : 'main',
          startDate: '2025-08-15T19:00:00.000Z',
          endDate: '2025-08-18T21:00:00.000Z',
          fixtures: [],
        });
        break;
      case 'register': {
        const userId = players[s.player]!;
        if (!userId.startsWith('0000')) break;
        add('UserRegistered', { userId, email: `${s.player}@x.io`, firstName: 'P', lastName: null });
        break;
      }
      case 'admin': {
        // An admin grant may come before the account's registration (the pool's first account).
        const userId = players[s.player]!;
        if (userId.startsWith('0000')) add('AdminGranted', { userId }, 'admin');
        break;
      }
      case 'replay':
        if (events.length === 0) break;
        add(events[s.event % events.length]!.type, events[s.event % events.length]!.data);
        break;
    }
  }
  return events;
}

/** Splits events into consecutive batches of the given sizes (cycled). */
function split<T>(items: readonly T[], sizes: readonly number[]): T[][] {
  const batches: T[][] = [];
  for (let start = 0, i = 0; start < items.length; i++) {
    const size = sizes[i % sizes.length]!;
    batches.push(items.slice(start, start + size));
    start += size;
  }
  return batches;
}

/**
 * The projection's tables built twice from the same events, under two suffixes: one event at a
 * time (`apply` of `oneByOne`, the projection itself unless an oracle is given), and in batches
 * (`applyBatch`); every row of every table is returned for each.
 */
async function buildBoth(
  handle: TestDatabaseHandle,
  projection: Projection,
  events: readonly RecordedEvent[],
  sizes: readonly number[],
  oneByOne: Projection = projection,
): Promise<{ one: Record<string, string[]>; batched: Record<string, string[]>; groups: ChangedKeyGroup[] }> {
  const relevant = events.filter(
    (e) => projection.eventTypes === 'all' || projection.eventTypes.includes(e.type),
  );
  const physical = (suffix: string) => (name: string) => `"${name}__${suffix}"`;
  const groups: ChangedKeyGroup[] = [];
  for (const suffix of ['one', 'batched']) {
    await handle.database.transaction(async (sql) => {
      for (const table of projection.tables) {
        await sql.query(`DROP TABLE IF EXISTS ${physical(suffix)(table.name)}`);
        for (const statement of table.ddl(physical(suffix)(table.name))) await sql.query(statement);
      }
    });
  }
  // Each batch in a transaction of its own, as the engine does.
  for (const event of relevant) {
    await handle.database.transaction((sql) => {
      const context: ProjectionContext = { sql, table: physical('one') };
      return oneByOne.apply(event, context);
    });
  }
  for (const batch of split(relevant, sizes)) {
    await handle.database.transaction(async (sql) => {
      const context: ProjectionContext = { sql, table: physical('batched') };
      groups.push(...(await projection.applyBatch!(batch, context)));
    });
  }
  const rowsOf = async (suffix: string) => {
    const snapshot: Record<string, string[]> = {};
    for (const table of projection.tables) {
      const { rows } = await handle.database.query(`SELECT * FROM ${physical(suffix)(table.name)}`);
      snapshot[table.name] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return snapshot;
  };
  return { one: await rowsOf('one'), batched: await rowsOf('batched'), groups };
}

/** A history of invitation links: made, used (a use may repeat: replayed), revoked. */
type InvitationStep =
  | { kind: 'create'; token: number; maxUses: number | null }
  | { kind: 'use'; token: number; player: number }
  | { kind: 'revoke'; token: number };
const invitationStep: fc.Arbitrary<InvitationStep> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      token: fc.nat({ max: 2 }),
      maxUses: fc.option(fc.integer({ min: 1, max: 5 })),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('use' as const),
      token: fc.nat({ max: 2 }),
      player: fc.nat({ max: 3 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('revoke' as const), token: fc.nat({ max: 2 }) }) },
);

function invitationEventsOf(steps: readonly InvitationStep[]): RecordedEvent[] {
  return steps.map((step, i) => {
    const at = new Date(Date.parse('2025-08-01T00:00:00Z') + i * 60_000);
    const token = `link-${step.token}`;
    const [type, data] =
      step.kind === 'create'
        ? ['InvitationCreated', { token, maxUses: step.maxUses, expiresAt: null, createdBy: uid(9) }]
        : step.kind === 'use'
          ? ['InvitationUsed', { token, userId: accounts[step.player]! }]
          : ['InvitationRevoked', { token }];
    return {
      id: `i-${i}`,
      streamId: `invitation-${token}`,
      version: i,
      position: BigInt(i + 1),
      type,
      data,
      metadata: {
        actor: uid(9),
        correlationId: 'c',
        causationId: null,
        occurredAt: at.toISOString(),
        source: 'admin',
      },
      recordedAt: at,
    } satisfies RecordedEvent;
  });
}

const history = fc.array(step, { minLength: 1, maxLength: 40 });
/** Sign-ups first of all (runs of them), with admin grants and picks among them. */
const usersHistory = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('register' as const), player }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('admin' as const), player }) },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('pick' as const), player, period, team }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('replay' as const), event: fc.nat() }) },
  ),
  { minLength: 1, maxLength: 40 },
);
const sizes = fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 6 });
const keyText = (key: QueryKey) => JSON.stringify(key);
const runs = Number(process.env.BATCH_PROPERTY_RUNS ?? 25);

describe('a run of picks planned in memory', () => {
  it('withdraws, voids and clears only the player’s own rows, and replaces a stored row it withdrew and made again', () => {
    const at = new Date('2025-08-01T00:00:00Z');
    const event = (e: PicksEvent): Recorded<PicksEvent> => ({
      ...e,
      id: e.type,
      streamId: 's',
      version: 0,
      position: 1n,
      metadata: {
        actor: 'a',
        correlationId: 'c',
        causationId: null,
        occurredAt: at.toISOString(),
        source: 'player',
      },
      recordedAt: at,
    });
    const pick = { choiceId: 'x', userId: 'u', periodId: 1, optionId: '1-A', teamKey: 'A', teamName: 'A' };
    const plan = planPickRun(
      [
        event({ type: 'ChoiceVoided', data: { ...pick, userId: 'v', reason: 'postponed' } }),
        event({ type: 'ChoiceWithdrawn', data: pick }),
        event({ type: 'ChoiceMade', data: pick }),
        event({ type: 'ChoiceMade', data: pick }),
        event({ type: 'ChoiceVoided', data: { ...pick, choiceId: 'y', reason: 'cancelled' } }),
        event({ type: 'PeriodChoicesCleared', data: { userId: 'u', periodId: 1, choiceIds: ['z', 'z'] } }),
      ],
      new Map([
        ['x', { userId: 'u', status: 'active' }],
        ['y', { userId: 'u', status: 'active' }],
        ['z', { userId: 'u', status: 'voided' }],
      ]),
    );
    expect(plan.changed).toEqual([0, 1, 1, 0, 1, 1]);
    expect(plan.deletes.sort()).toEqual(['x', 'z']);
    expect(plan.inserts.map((row) => [row.choiceId, row.status])).toEqual([['x', 'active']]);
    expect(plan.voids).toEqual([{ choiceId: 'y', reason: 'cancelled' }]);
  });
});

describe.each(databaseTargets)('projections applied in batches on $name', (target) => {
  let handle: TestDatabaseHandle;
  beforeAll(async () => {
    handle = await target.create();
  });
  afterAll(async () => handle?.dispose());

  const suddenDeath: PoolRules = {
    ...defaultRules,
    survivor: { mode: 'loss', strikeBelow: 4, strikesToEliminate: 1 },
  };
  it.each([
    ['default rules', defaultRules],
    ['a losing pick, sudden death', suddenDeath],
  ])(
    'standings (%s): any history split into any batches leaves the tables of one event at a time',
    async (_name, rules) => {
      const projection: Projection = standingsProjection(rules);
      await fc.assert(
        fc.asyncProperty(history, sizes, async (steps, batchSizes) => {
          const events = eventsOf(steps);
          // One event at a time: the per-event oracle, which writes `choices` its own way.
          const oracle = perEventStandings(rules);
          const { one, batched, groups } = await buildBoth(handle, projection, events, batchSizes, oracle);
          expect(batched).toEqual(one);
          // A batch announces no key that none of its events could have changed.
          const possible = new Set(events.flatMap((e) => projection.queryKeysFor(e)).map(keyText));
          expect(groups.flatMap((g) => g.keys.map(keyText)).filter((key) => !possible.has(key))).toEqual([]);
        }),
        { numRuns: runs },
      );
    },
  );

  it('audit: a batch in one statement writes the rows of one event at a time', async () => {
    await fc.assert(
      fc.asyncProperty(history, sizes, fc.string(), async (steps, batchSizes, text) => {
        // Text of any kind in the data (quotes, braces, backslashes) comes out the same.
        const events = eventsOf(steps).map((event, i) =>
          i === 0 ? { ...event, data: { ...(event.data as object), note: `"{${text}}\\` } } : event,
        );
        const { one, batched } = await buildBoth(handle, auditProjection, events, batchSizes);
        expect(batched).toEqual(one);
        expect(one['audit_log']).toHaveLength(events.length);
      }),
      { numRuns: runs },
    );
  });

  it('invitations: uses counted from a batch of registrations are those of one event at a time', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(invitationStep, { minLength: 1, maxLength: 30 }),
        sizes,
        async (steps, batchSizes) => {
          const { one, batched } = await buildBoth(
            handle,
            invitationsProjection,
            invitationEventsOf(steps),
            batchSizes,
          );
          expect(batched).toEqual(one);
          // Each link's count is its accounts, however often a use was replayed.
          const uses = one['invitation_uses']!.map((row) => (JSON.parse(row) as { token: string }).token);
          for (const row of one['invitations']!.map(
            (text) => JSON.parse(text) as { token: string; uses: number },
          )) {
            expect(row.uses).toBe(uses.filter((token) => token === row.token).length);
          }
        },
      ),
      { numRuns: runs },
    );
  });

  it('users: a batch of sign-ups, admin grants and picks leaves the rows of one event at a time', async () => {
    await fc.assert(
      fc.asyncProperty(usersHistory, sizes, async (steps, batchSizes) => {
        const { one, batched } = await buildBoth(
          handle,
          usersProjection,
          eventsOf(steps, accounts),
          batchSizes,
        );
        expect(batched).toEqual(one);
      }),
      { numRuns: runs },
    );
  });
});
