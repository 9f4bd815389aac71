import { Injectable } from '@nestjs/common';
import { ErrorCodes } from '@treble/contracts';
import type { Sql } from '../platform/database/sql.js';
import { ProjectionEngine } from '../projections/projection-engine.js';
import { DomainError } from '../shared/domain/domain-error.js';
import { seasonNamePattern } from '../shared/domain/season-scope.js';
import { PoolSeasons } from './pool-seasons.js';

/**
 * Reads a season by its `season=YYYY-YY` query parameter: absent (or the current season) reads the
 * live tables; a past season of this pool reads its kept rows through the same queries
 * (`ProjectionEngine.readSeason`); any other value is refused.
 */
@Injectable()
export class SeasonReader {
  constructor(
    private readonly seasons: PoolSeasons,
    private readonly engine: ProjectionEngine,
  ) {}

  /** The past season a `season` parameter names, or null for the current season. */
  async pastSeason(season: unknown): Promise<string | null> {
    if (season === undefined || season === '') return null;
    if (typeof season !== 'string' || !seasonNamePattern.test(season)) {
      throw new DomainError(ErrorCodes.VALIDATION_FAILED, 'season: must be like 2026-27');
    }
    const played = await this.seasons.all();
    if (played.at(-1)?.season === season) return null;
    if (!played.some((s) => s.season === season)) {
      throw new DomainError(ErrorCodes.SEASON_NOT_PLAYED, `This pool did not play the ${season} season.`);
    }
    return season;
  }

  /** `current()` for the season the pool plays, `past(sql)` inside a read of the past season named. */
  async read<T>(season: unknown, current: () => Promise<T>, past: (sql: Sql) => Promise<T>): Promise<T> {
    const name = await this.pastSeason(season);
    return name === null ? current() : this.engine.readSeason(name, past);
  }

  readPast<T>(season: string, work: (sql: Sql) => Promise<T>): Promise<T> {
    return this.engine.readSeason(season, work);
  }

  /** The pool's past seasons, oldest first. */
  async past(): Promise<string[]> {
    return (await this.seasons.all()).slice(0, -1).map((s) => s.season);
  }
}
