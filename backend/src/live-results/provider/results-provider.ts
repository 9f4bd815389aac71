import type { ProviderAnswer, ProviderStatus } from '../domain/provider-match.js';

/**
 * Where match results come from: football-data.org (`FootballDataClient`) or the bundled season
 * replay (`ReplayProvider`). `season` is the starting year (2025 for 2025-26). Every answer is
 * already parsed and validated; what could not be read is listed in `skipped`.
 */
export interface ResultsProvider {
  readonly name: string;
  matchesOfMatchday(season: number, matchday: number, signal?: AbortSignal): Promise<ProviderAnswer>;
  matchesOfSeason(season: number, signal?: AbortSignal): Promise<ProviderAnswer>;
  matchesByStatus(season: number, statuses: readonly ProviderStatus[]): Promise<ProviderAnswer>;
}

/** The configured provider, or null when none is (no API key): live results are then off. */
export const RESULTS_PROVIDER = Symbol('RESULTS_PROVIDER');

export interface ProviderLogger {
  warn(message: string): void;
}
