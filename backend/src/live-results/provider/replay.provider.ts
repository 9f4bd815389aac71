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

const seasonFolder = (season: string) => new URL(`../../../data/seasons/${season}/`, import.meta.url);

/** The bundled season's files (`backend/data/seasons/{season}/`). */
export function loadReplaySource(season: string): ReplaySource {
  const read = <T>(file: string): T =>
    JSON.parse(fs.readFileSync(new URL(file, seasonFolder(season)), 'utf8')) as T;
  const fixtures = read<{ matches: (OpenfootballScoredMatch & { score?: unknown })[] }>(
    'fixtures.openfootball.json',
  );
  return {
    // Some snapshots write a played match's full time as a bare `[home, away]`.
    fixtures: {
      matches: fixtures.matches.map((m) =>
        Array.isArray(m.score) ? { ...m, score: { ft: m.score as number[] } } : m,
      ),
    },
    // Clubs without a football-data.org id in the bundled data get one of the replay's own.
    teams: read<{ teams: (Omit<ReplayTeam, 'id'> & { id?: number })[] }>(
      'teams.football-data.json',
    ).teams.map((team, index) => ({
      ...team,
      id: team.id ?? 990_000 + index,
    })),
  };
}

/**
 * `RESULTS_PROVIDER=replay`: serves the bundled season as football-data.org would have at the
 * pool's current time (`CLOCK`: pin it with POOL_NOW, speed it up with POOL_CLOCK_SPEED). The
 * answers are built in the v4 shape and read by the same parser as the real API's.
 */
export class ReplayProvider implements ResultsProvider {
  readonly name = 'replay';

  private readonly sources = new Map<number, ReplaySource | null>();

  constructor(
    private readonly clock: Clock,
    private readonly logger: ProviderLogger,
  ) {}

  private answer(season: number, keep: (match: ProviderMatch) => boolean): ProviderAnswer {
    if (!this.sources.has(season)) {
      // The bundled season of this starting year (2025 → 2025-26), if there is one.
      const name = `${season}-${String((season + 1) % 100).padStart(2, '0')}`;
      this.sources.set(season, fs.existsSync(seasonFolder(name)) ? loadReplaySource(name) : null);
    }
    const source = this.sources.get(season);
    if (!source) return { matches: [], skipped: [] };
    const parsed = parseMatchesAnswer({
      matches: replayMatches(source.fixtures, source.teams, this.clock.now()),
    });
    for (const skipped of parsed.skipped)
      this.logger.warn(`replay: skipped match ${skipped.id ?? '(no id)'}: ${skipped.reason}`);
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
