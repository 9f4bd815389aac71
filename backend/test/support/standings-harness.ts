import { defaultRules, defaultSegment, type PoolRules, type QueryKey, type Segment } from '@treble/contracts';
import { PostgresEventStore } from '../../src/event-store/postgres-event-store.js';
import type { Database } from '../../src/platform/database/database.js';
import type { Projection, ProjectionContext } from '../../src/projections/projection.js';
import { ProjectionEngine } from '../../src/projections/projection-engine.js';
import type { Outcome } from '../../src/results/domain/outcome.js';
import type { EventMetadata, EventSource } from '../../src/shared/domain/event.js';
import {
  last10Standings,
  overallEntrants,
  overallStandings,
  type PeriodInfo,
  periodScores,
  type ScoredPick,
  type StandingsUser,
  survivorStandings,
} from '../../src/standings/domain/index.js';
import {
  STANDINGS_PROJECTION,
  standingsProjection,
} from '../../src/standings/projection/standings.projection.js';
import { standingsTableNames } from '../../src/standings/projection/standings.tables.js';
import { LeaderboardQueries } from '../../src/standings/queries/leaderboard.queries.js';
import type { TestDatabaseHandle, TestDatabaseTarget } from './databases.js';

/** A user id as the accounts context makes them (uuid), numbered for tests. */
export const uid = (n: number): string => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const optionId = (periodId: number, team: string): string => `${periodId}-${team}`;

interface PickRecord {
  choiceId: string;
  userId: string;
  periodId: number;
  optionId: string;
  team: string;
  voided: boolean;
}

export type Snapshot = Record<string, string[]>;

/**
 * Drives the standings projection through a real event store and projection engine, and keeps the
 * same facts as plain data so the reference rules (standings/domain) can compute what the tables
 * must say. Until the accounts context's `users` view is there, a minimal `users` table stands in.
 */
export class StandingsHarness {
  readonly store: PostgresEventStore;
  readonly engine: ProjectionEngine;
  readonly projection: Projection;
  readonly leaderboards: LeaderboardQueries;
  readonly changes: QueryKey[] = [];
  readonly users: StandingsUser[] = [];
  private readonly picks = new Map<string, PickRecord>();
  private readonly results = new Map<string, Outcome>();
  private readonly periods = new Map<number, PeriodInfo>();
  private sequence = 0;
  private appended = 0n;
  private clock = Date.parse('2025-08-01T00:00:00Z');

  private constructor(
    readonly handle: TestDatabaseHandle,
    readonly rules: PoolRules,
  ) {
    this.store = new PostgresEventStore(handle.database, 10);
    this.projection = standingsProjection(rules);
    this.engine = new ProjectionEngine(handle.database, this.store, [this.projection], undefined, 50);
    this.engine.onChanged((change) => {
      // Every key the event changed, whichever browsers it goes to (everyone's, or one player's).
      this.changes.push(...change.queryKeys.map((key) => [...key]));
      for (const personal of change.userQueryKeys)
        this.changes.push(...personal.queryKeys.map((key) => [...key]));
    });
    this.leaderboards = new LeaderboardQueries(handle.database, rules);
  }

  static async open(target: TestDatabaseTarget, rules: PoolRules = defaultRules): Promise<StandingsHarness> {
    const handle = await target.create();
    await handle.database.query(
      `CREATE TABLE IF NOT EXISTS users (
         id uuid PRIMARY KEY, email text NOT NULL, first_name text, last_name text,
         profile_image_url text, is_admin boolean NOT NULL DEFAULT false, created_at timestamptz NOT NULL DEFAULT now())`,
    );
    const harness = new StandingsHarness(handle, rules);
    await harness.engine.start();
    return harness;
  }

  get database(): Database {
    return this.handle.database;
  }

  async close(): Promise<void> {
    await this.engine.stop();
    await this.store.close();
    await this.handle.dispose();
  }

  async addUser(id: string, firstName: string | null, lastName: string | null, email: string): Promise<void> {
    await this.database.query(
      'INSERT INTO users (id, email, first_name, last_name, profile_image_url) VALUES ($1, $2, $3, $4, $5)',
      [id, email, firstName, lastName, `https://img.example/${id}.png`],
    );
    this.users.push({ id, firstName, lastName, email });
  }

  private metadata(source: EventSource): EventMetadata {
    this.clock += 60_000;
    return {
      actor: source === 'player' ? 'player' : 'admin-1',
      correlationId: `c-${this.sequence}`,
      causationId: null,
      occurredAt: new Date(this.clock).toISOString(),
      source,
    };
  }

  async append(
    streamId: string,
    type: string,
    data: unknown,
    source: EventSource = 'admin',
  ): Promise<bigint> {
    const { position } = await this.store.append(
      streamId,
      [{ type, data, metadata: this.metadata(source) }],
      'any',
    );
    if (position > this.appended) this.appended = position;
    return position;
  }

  /**
   * The query keys the engine announces for what `action` appends (each event is applied and
   * announced before the next is appended, so the keys belong to these events only).
   */
  async keysFor(action: () => Promise<unknown>): Promise<string[]> {
    await this.sync();
    const start = this.changes.length;
    await action();
    await this.sync();
    // The engine announces a batch's keys in the same turn as it records the batch as committed,
    // before the `waitFor` in `sync` resumes: every announcement up to the head is in by now (an
    // event that changed nothing announces nothing).
    return [...new Set(this.changes.slice(start).map((key) => JSON.stringify(key)))].sort();
  }

  /**
   * Waits until the projection has applied everything this harness appended and committed it. The
   * target is the last appended position: the store's `headPosition` leaves out events newer than
   * the oldest transaction still open (one of the engine's own, say), and the engine's `waitFor`
   * can answer just before the batch's commit, which another connection of a real Postgres pool
   * would notice; the checkpoint row is committed with the tables.
   */
  async sync(): Promise<void> {
    const head = this.appended;
    await this.engine.waitFor(head);
    for (let i = 0; ; i++) {
      const { rows } = await this.database.query<{ position: string }>(
        'SELECT position FROM projection_checkpoints WHERE name = $1',
        [STANDINGS_PROJECTION],
      );
      if (BigInt(rows[0]?.position ?? 0) >= head) return;
      if (i > 500) throw new Error(`standings projection not committed up to ${head}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async schedule(
    periodId: number,
    segment: Segment = defaultSegment(periodId, this.rules),
    name = `Matchweek ${periodId}`,
  ) {
    this.periods.set(periodId, {
      id: periodId,
      segment,
      isCompleted: this.periods.get(periodId)?.isCompleted ?? false,
    });
    await this.append(`period-${periodId}`, 'PeriodScheduled', {
      periodId,
      season: '2025-26',
      name,
      description: null,
      segment,
      startDate: '2025-08-15T19:00:00.000Z',
      endDate: '2025-08-18T21:00:00.000Z',
      fixtures: [],
    });
  }

  async pick(userId: string, periodId: number, team: string, teamName = team): Promise<string> {
    const choiceId = `ch-${++this.sequence}`;
    const option = optionId(periodId, team);
    this.picks.set(choiceId, { choiceId, userId, periodId, optionId: option, team, voided: false });
    await this.append(
      `picks-${userId}`,
      'ChoiceMade',
      { choiceId, userId, periodId, optionId: option, teamKey: team, teamName },
      'player',
    );
    return choiceId;
  }

  /** Several picks of one player in one period. */
  async picksOf(userId: string, periodId: number, teams: readonly string[]): Promise<string[]> {
    const ids: string[] = [];
    for (const team of teams) ids.push(await this.pick(userId, periodId, team));
    return ids;
  }

  /**
   * Picks by outcome pattern, e.g. "WWD": teams W1, W2, D1 of the period, which `scoreKinds`
   * settles as wins (W*), draws (D*) and losses (L*); "" picks nothing.
   */
  async play(userId: string, periodId: number, pattern: string): Promise<string[]> {
    const used: Record<string, number> = {};
    const teams = [...pattern].map((kind) => `${kind}${(used[kind] = (used[kind] ?? 0) + 1)}`);
    return this.picksOf(userId, periodId, teams);
  }

  /** Results of a period's pattern teams: W1-W3 win, D1-D3 draw, L1-L3 lose. */
  async scoreKinds(periodId: number): Promise<void> {
    for (const n of [1, 2, 3]) {
      await this.result(periodId, `W${n}`, 'win');
      await this.result(periodId, `D${n}`, 'draw');
      await this.result(periodId, `L${n}`, 'loss');
    }
  }

  private record(choiceId: string): PickRecord {
    const pick = this.picks.get(choiceId);
    if (!pick) throw new Error(`No pick ${choiceId}`);
    return pick;
  }

  async withdraw(choiceId: string): Promise<void> {
    const pick = this.record(choiceId);
    this.picks.delete(choiceId);
    await this.append(
      `picks-${pick.userId}`,
      'ChoiceWithdrawn',
      { choiceId, userId: pick.userId, periodId: pick.periodId, optionId: pick.optionId, teamKey: pick.team },
      'player',
    );
  }

  async voidPick(choiceId: string): Promise<void> {
    const pick = this.record(choiceId);
    pick.voided = true;
    await this.append(
      `picks-${pick.userId}`,
      'ChoiceVoided',
      {
        choiceId,
        userId: pick.userId,
        periodId: pick.periodId,
        optionId: pick.optionId,
        teamKey: pick.team,
        reason: 'postponed',
      },
      'system',
    );
  }

  async clear(userId: string, periodId: number): Promise<void> {
    const choiceIds = [...this.picks.values()]
      .filter((p) => p.userId === userId && p.periodId === periodId)
      .map((p) => p.choiceId);
    for (const id of choiceIds) this.picks.delete(id);
    await this.append(`picks-${userId}`, 'PeriodChoicesCleared', { userId, periodId, choiceIds });
  }

  async retro(userId: string, periodId: number, teams: readonly string[]): Promise<void> {
    const choices = teams.map((team) => {
      const choiceId = `ch-${++this.sequence}`;
      const option = optionId(periodId, team);
      this.picks.set(choiceId, { choiceId, userId, periodId, optionId: option, team, voided: false });
      return { choiceId, optionId: option, teamKey: team, teamName: team };
    });
    await this.append(`picks-${userId}`, 'RetroactiveChoicesMade', { userId, periodId, choices });
  }

  async result(
    periodId: number,
    team: string,
    outcome: Outcome,
    source: 'admin' | 'provider' = 'admin',
  ): Promise<void> {
    this.results.set(optionId(periodId, team), outcome);
    await this.append(`period-${periodId}`, 'ResultRecorded', {
      periodId,
      optionId: optionId(periodId, team),
      outcome,
      points: this.rules.points[outcome],
      source,
    });
  }

  async deleteResult(periodId: number, team: string): Promise<void> {
    this.results.delete(optionId(periodId, team));
    await this.append(`period-${periodId}`, 'ResultDeleted', {
      periodId,
      optionId: optionId(periodId, team),
    });
  }

  async hold(periodId: number, team: string, outcome: Outcome): Promise<void> {
    await this.append(`period-${periodId}`, 'ResultHeldPending', {
      periodId,
      optionId: optionId(periodId, team),
      outcome,
      points: this.rules.points[outcome],
      source: 'provider',
    });
  }

  async removeOptions(periodId: number, teams: readonly string[]): Promise<void> {
    for (const team of teams) this.results.delete(optionId(periodId, team));
    await this.append(`period-${periodId}`, 'OptionsRemoved', {
      periodId,
      optionIds: teams.map((team) => optionId(periodId, team)),
    });
  }

  async complete(periodId: number): Promise<void> {
    const period = this.periods.get(periodId) ?? {
      id: periodId,
      segment: defaultSegment(periodId, this.rules),
      isCompleted: false,
    };
    this.periods.set(periodId, { ...period, isCompleted: true });
    await this.append(`period-${periodId}`, 'PeriodCompleted', {
      periodId,
      manual: true,
      completedAt: new Date(this.clock).toISOString(),
    });
  }

  async reopen(periodId: number): Promise<void> {
    const period = this.periods.get(periodId)!;
    this.periods.set(periodId, { ...period, isCompleted: false });
    await this.append(`period-${periodId}`, 'PeriodReopened', { periodId });
  }

  /** What the reference rules say for the same picks, results and periods. */
  reference() {
    const picks: ScoredPick[] = [...this.picks.values()].map((p) => ({
      userId: p.userId,
      periodId: p.periodId,
      optionId: p.optionId,
      voided: p.voided,
    }));
    const results = [...this.results].map(([option, outcome]) => ({ optionId: option, outcome }));
    const scores = periodScores(picks, results, this.rules);
    const periods = [...this.periods.values()];
    return {
      scores,
      overall: overallStandings(this.users, scores),
      last10: last10Standings(this.users, periods, scores, this.rules),
      survivor: survivorStandings(overallEntrants(this.users, scores), periods, scores, this.rules),
    };
  }

  /** The three leaderboards as the queries serve them, reduced to the fields the reference has. */
  async boards() {
    const overall = await this.leaderboards.overall();
    const last10 = await this.leaderboards.last10();
    const survivor = await this.leaderboards.survivor();
    const base = (e: {
      userId: string;
      displayName: string;
      rank: number;
      totalPoints: number;
      wins: number;
    }) => ({
      userId: e.userId,
      displayName: e.displayName,
      rank: e.rank,
      points: e.totalPoints,
      wins: e.wins,
    });
    return {
      overall: overall.map(base),
      last10: last10.map((e) => ({ ...base(e), badge: e.badge })),
      survivor: survivor.map((e) => ({
        ...base(e),
        isEliminated: e.isEliminated,
        strikeCount: e.strikeCount,
        eliminatedInPeriod: e.eliminatedInPeriod,
      })),
    };
  }

  /** Every row of every standings table (through the views), as sorted JSON lines. */
  async snapshot(suffix = ''): Promise<Snapshot> {
    const snapshot: Snapshot = {};
    for (const name of standingsTableNames) {
      const { rows } = await this.database.query(`SELECT * FROM "${name}${suffix}"`);
      snapshot[name] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return snapshot;
  }

  /**
   * Applies every event of the log twice in a row to a separate set of the projection's tables
   * (suffix `__twice`) and returns their rows: they must equal the live tables.
   */
  async applyEverythingTwice(): Promise<Snapshot> {
    const projection = this.projection;
    const physical = (name: string) => `"${name}__twice"`;
    await this.database.transaction(async (sql) => {
      for (const table of projection.tables) {
        await sql.query(`DROP TABLE IF EXISTS ${physical(table.name)}`);
        for (const statement of table.ddl(physical(table.name))) await sql.query(statement);
      }
    });
    const events = await this.store.readAll({ after: 0n, maxCount: 1_000_000 });
    await this.database.transaction(async (sql) => {
      const context: ProjectionContext = { sql, table: physical };
      for (const event of events) {
        if (projection.eventTypes !== 'all' && !projection.eventTypes.includes(event.type)) continue;
        await projection.apply(event, context);
        await projection.apply(event, context);
      }
    });
    const snapshot = await this.snapshot('__twice');
    await this.database.transaction(async (sql) => {
      for (const table of projection.tables) await sql.query(`DROP TABLE ${physical(table.name)}`);
    });
    return snapshot;
  }

  /** Rebuilds the projection from the event log (blue-green) and returns the new tables' rows. */
  async rebuild(): Promise<Snapshot> {
    await this.engine.rebuild(STANDINGS_PROJECTION);
    return this.snapshot();
  }
}
