import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { PersonalPoolData } from '@treble/contracts';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { Database } from '../../platform/database/database.js';
import type { Sql } from '../../platform/database/sql.js';
import { SeasonReader } from '../../season/index.js';
import { PersonalPicksQuery } from '../../shared/commands/personal-data-commands.js';
import { CurrentSeasonQuery } from '../../shared/queries/season-queries.js';
import { ExportQueries } from './export.queries.js';
import { LeaderboardQueries } from './leaderboard.queries.js';

type Answer = Pick<PersonalPoolData, 'picks' | 'standings'>;

/**
 * A person's picks and standings in the current pool, every season it played (docs/adr/017): the
 * same queries as the CSV and the boards, on the live tables and on each past season's kept rows.
 */
@QueryHandler(PersonalPicksQuery)
export class PersonalPicksHandler implements IQueryHandler<PersonalPicksQuery> {
  constructor(
    private readonly database: Database,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly seasons: SeasonReader,
    private readonly queryBus: QueryBus,
  ) {}

  async execute({ userId }: PersonalPicksQuery): Promise<Answer> {
    const answer: Answer = { picks: [], standings: [] };
    for (const season of await this.seasons.past())
      await this.seasons.readPast(season, (sql) => this.read(sql, season, userId, answer));
    const current = await this.queryBus.execute(new CurrentSeasonQuery());
    if (current !== null) await this.read(this.database, current.season, userId, answer);
    return answer;
  }

  private async read(sql: Sql, season: string, userId: string, answer: Answer): Promise<void> {
    const exports = new ExportQueries(sql, this.config.rules);
    for (const pick of await exports.picks(userId)) {
      answer.picks.push({
        season,
        periodId: pick.period_id,
        optionId: pick.option_id,
        team: pick.team_name,
        madeAt: pick.made_at.toISOString(),
        points: pick.outcome === null ? null : exports.points(pick),
      });
    }
    const boards = new LeaderboardQueries(sql, this.config.rules);
    const overall = await boards.entryOf('overall', userId);
    const survivor = await boards.entryOf('survivor', userId);
    const last10 = await boards.entryOf('last10', userId);
    if (overall === null && survivor === null && last10 === null) return;
    answer.standings.push({
      season,
      overall: overall && { rank: overall.rank, points: overall.totalPoints },
      survivor: survivor && {
        rank: survivor.rank,
        points: survivor.totalPoints,
        strikes: survivor.strikeCount,
        eliminated: survivor.isEliminated,
      },
      last10: last10 && { rank: last10.rank, points: last10.totalPoints },
    });
  }
}
