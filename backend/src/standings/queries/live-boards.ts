import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { LeaderboardKind, LiveBoard, LiveMatch, LiveMatchState, LiveRow } from '@treble/contracts';
import { provisionalOutcome } from '@treble/contracts';
import { CLOCK, type Clock } from '../../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { Database } from '../../platform/database/database.js';
import type { RequestUser } from '../../platform/http/command-context.js';
import { LiveScoresQuery, type LiveScore } from '../../shared/queries/live-score-queries.js';
import { CurrentSeasonQuery } from '../../shared/queries/season-queries.js';
import { LeaderboardCache, type Asker } from './leaderboard-cache.js';
import { LeaderboardQueries } from './leaderboard.queries.js';
import { liveTable, type LiveBase, type Provisional } from '../domain/live-table.js';
import { LiveTableSql } from './live-table.sql.js';
import { usersJoin } from './read-sql.js';

/** Provider statuses the live table counts, and how a match in each is shown. */
const states: Record<string, LiveMatchState> = {
  IN_PLAY: 'in-play',
  PAUSED: 'half-time',
  EXTRA_TIME: 'extra-time',
  PENALTY_SHOOTOUT: 'penalties',
  FINISHED: 'full-time',
  AWARDED: 'full-time',
};

/** How long a finished match whose result is not recorded yet still counts in the live table. */
const fullTimeCountsMs = 6 * 60 * 60_000;

/** An option of the pool on a match with a score, as the live table weighs it. */
interface OptionOnMatch {
  id: string;
  period_id: number;
  fixture_id: string;
  is_home: boolean;
  name: string;
  opponent: string | null;
  kickoff: Date | null;
  segment: string | null;
  /** Its period is completed, it has a result, or its fixture does not go ahead: the live table leaves it. */
  settled: boolean;
}

/** An option in play and what it would score now. */
interface ProvisionalOption extends Provisional {
  optionId: string;
  periodId: number;
}

/**
 * The live tables: each leaderboard as it would stand if every current score held, for the pool's
 * members, from the official boards' tables and the scores the results poller keeps (live-results
 * context, asked through the query bus). What the table starts from is read once per state of the
 * official tables (`LiveBase`); a change of the scores recomputes the table from it in memory
 * (standings/domain/live-table.ts), and readers of the same scores share it; pages are cut from it.
 */
@Injectable()
export class LiveBoards {
  constructor(
    private readonly leaderboards: LeaderboardQueries,
    private readonly cache: LeaderboardCache,
    private readonly queryBus: QueryBus,
    private readonly database: Database,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Each base's tables, by the provisional outcomes they were computed for. */
  private readonly tables = new WeakMap<LiveBase, Map<string, LiveRow[]>>();

  async board(
    kind: LeaderboardKind,
    page: { limit?: number | undefined; offset?: number | undefined },
    user: RequestUser | null,
  ): Promise<LiveBoard> {
    const season = await this.queryBus.execute(new CurrentSeasonQuery());
    const empty: LiveBoard = {
      kind,
      live: false,
      periodId: null,
      asOf: null,
      stale: false,
      matches: [],
      rows: [],
      total: 0,
    };
    if (season === null) return empty;
    const { scores, seenAt, stale } = await this.queryBus.execute(new LiveScoresQuery(season.season));
    const counted = new Map(
      scores
        .filter(
          (score) =>
            states[score.status] !== undefined &&
            score.homeScore !== null &&
            score.awayScore !== null &&
            // A finished match awaits its result for a while; one long finished is not live any more.
            (states[score.status] !== 'full-time' ||
              this.clock.now().getTime() - score.changedAt.getTime() < fullTimeCountsMs),
        )
        .map((score) => [score.fixtureId, score]),
    );
    const options = (await this.optionsOn([...counted.keys()])).filter((option) => !option.settled);
    const header = { ...empty, asOf: seenAt?.toISOString() ?? null, stale };
    if (options.length === 0) return header;
    const periodId = Math.min(...options.map((option) => option.period_id));
    const provisional = options.map((option) => this.provisional(option, counted.get(option.fixture_id)!));
    const onBoard =
      kind === 'last10'
        ? provisional.filter((_, i) => options[i]!.segment === 'last10')
        : kind === 'survivor'
          ? provisional.filter((option) => option.periodId === periodId)
          : provisional;
    const all = await this.rows(kind, onBoard, periodId, user);
    const offset = page.offset ?? 0;
    return {
      ...header,
      live: true,
      periodId,
      matches: this.matches(options, counted),
      rows: all.slice(offset, offset + (page.limit ?? 50)),
      total: all.length,
    };
  }

  /** The pool's options on those fixtures, with whether the live table still counts them. */
  private async optionsOn(fixtureIds: readonly string[]): Promise<OptionOnMatch[]> {
    if (fixtureIds.length === 0) return [];
    const { rows } = await this.database.query<OptionOnMatch>(
      `SELECT o.id, o.period_id, o.fixture_id, o.is_home, o.name, o.opponent, o.kickoff, sp.segment,
              (coalesce(sp.is_completed, false) OR r.option_id IS NOT NULL OR o.fixture_status <> 'SCHEDULED'
                OR o.is_home IS NULL) AS settled
         FROM options o
         LEFT JOIN standings_periods sp ON sp.period_id = o.period_id
         LEFT JOIN results r ON r.option_id = o.id
        WHERE o.fixture_id = ANY($1::text[])
        ORDER BY o.kickoff, o.fixture_id, o.is_home DESC`,
      [fixtureIds],
    );
    return rows;
  }

  private provisional(option: OptionOnMatch, score: LiveScore): ProvisionalOption {
    const outcome = provisionalOutcome(option.is_home, score.homeScore!, score.awayScore!);
    return {
      optionId: option.id,
      periodId: option.period_id,
      points: this.config.rules.points[outcome],
      win: outcome === 'win' ? 1 : 0,
      loss: outcome === 'loss' ? 1 : 0,
    };
  }

  private matches(options: readonly OptionOnMatch[], scores: ReadonlyMap<string, LiveScore>): LiveMatch[] {
    const byFixture = new Map<string, OptionOnMatch[]>();
    for (const option of options)
      byFixture.set(option.fixture_id, [...(byFixture.get(option.fixture_id) ?? []), option]);
    return [...byFixture].map(([fixtureId, sides]) => {
      const score = scores.get(fixtureId)!;
      const home = sides.find((side) => side.is_home);
      const away = sides.find((side) => !side.is_home);
      const any = sides[0]!;
      return {
        fixtureId,
        periodId: any.period_id,
        homeTeam: home?.name ?? away?.opponent ?? '',
        awayTeam: away?.name ?? home?.opponent ?? '',
        homeScore: score.homeScore!,
        awayScore: score.awayScore!,
        state: states[score.status]!,
        kickoff: any.kickoff === null ? null : new Date(any.kickoff).toISOString(),
        changedAt: score.changedAt.toISOString(),
      };
    });
  }

  /**
   * The whole live table for this viewer: its base from the cache at the current read state (one
   * load per change of the official tables), the table itself computed from it in memory and kept
   * for the last few sets of scores.
   */
  private async rows(
    kind: LeaderboardKind,
    options: readonly ProvisionalOption[],
    periodId: number,
    user: RequestUser | null,
  ): Promise<LiveRow[]> {
    const admin = user?.isAdmin === true;
    const asker: Asker = { admin, viewer: admin ? null : (user?.id ?? null), now: this.clock.now() };
    const queries = admin ? this.leaderboards : this.leaderboards.shownAt(asker.now, asker.viewer);
    const inPlay = options.map((option) => option.optionId).join(',');
    const { value: base } = await this.cache.answer(
      `live|${kind}|${periodId}|${inPlay}`,
      asker,
      async () =>
        new LiveTableSql(this.database).base(
          kind,
          queries.source(kind),
          await usersJoin(this.database),
          periodId,
          options,
        ),
      { keep: true, viewerMatters: (state) => state.hiddenOn.has(kind) },
    );
    const outcomes = options.map((o) => `${o.points}${o.win}${o.loss}`).join(',');
    let tables = this.tables.get(base);
    if (tables === undefined) this.tables.set(base, (tables = new Map<string, LiveRow[]>()));
    let table = tables.get(outcomes);
    if (table === undefined) {
      table = liveTable(base, new Map(options.map((o) => [o.optionId, o])), this.config.rules);
      tables.set(outcomes, table);
      // The scores of the last few polls: older ones are not asked for again.
      if (tables.size > 4) tables.delete(tables.keys().next().value!);
    }
    return table;
  }
}
