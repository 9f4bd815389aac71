import fs from 'node:fs';
import type { Clock } from '../../platform/clock/clock.js';
import { parseMatchesAnswer } from '../domain/football-data-format.js';
import type { ProviderAnswer, ProviderMatch, ProviderStatus } from '../domain/provider-match.js';
import { replayMatches, type OpenfootballScoredMatch, type ReplayTeam } from '../domain/replay.js';
import type { ProviderLogger, ResultsProvider } from './results-provider.js';

export interface ReplaySource {
  fixtures: { matches: OpenfootballScoredMatch[] };
  teams: ReplayTeam[];
}

/** The bundled season's files (`backend/data/seasons/{season}/`). */
export function loadReplaySource(season: string): ReplaySource {
  const folder = new URL(`../../../data/seasons/${season}/`, import.meta.url);
  const read = <T>(file: string): T => JSON.parse(fs.readFileSync(new URL(file, folder), 'utf8')) as T;
  return {
    fixtures: read<{ matches: OpenfootballScoredMatch[] }>('fixtures.openfootball.json'),
    teams: read<{ teams: ReplayTeam[] }>('teams.football-data.json').teams,
  };
}

/**
 * `RESULTS_PROVIDER=replay`: serves the bundled season as football-data.org would have at the
 * pool's current time (`CLOCK`: pin it with POOL_NOW, speed it up with POOL_CLOCK_SPEED). The
 * answers are built in the v4 shape and read by the same parser as the real API's.
 */
export class ReplayProvider implements ResultsProvider {
  readonly name = 'replay';

  constructor(
    private readonly source: ReplaySource,
    private readonly seasonYear: number,
    private readonly clock: Clock,
    private readonly logger: ProviderLogger,
  ) {}

  private answer(season: number, keep: (match: ProviderMatch) => boolean): ProviderAnswer {
    if (season !== this.seasonYear) return { matches: [], skipped: [] };
    const parsed = parseMatchesAnswer({ matches: replayMatches(this.source.fixtures, this.source.teams, this.clock.now()) });
    for (const skipped of parsed.skipped) this.logger.warn(`replay: skipped match ${skipped.id ?? '(no id)'}: ${skipped.reason}`);
    return { matches: parsed.matches.filter(keep), skipped: parsed.skipped };
  }

  async matchesOfMatchday(season: number, matchday: number): Promise<ProviderAnswer> {
    return this.answer(season, (match) => match.matchday === matchday);
  }

  async matchesOfSeason(season: number): Promise<ProviderAnswer> {
    return this.answer(season, () => true);
  }

  async matchesByStatus(season: number, statuses: readonly ProviderStatus[]): Promise<ProviderAnswer> {
    return this.answer(season, (match) => statuses.includes(match.status));
  }
}
