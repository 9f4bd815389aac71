import { ErrorCodes } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';
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
  matchesByStatus(
    season: number,
    statuses: readonly ProviderStatus[],
    signal?: AbortSignal,
  ): Promise<ProviderAnswer>;
}

/** The configured provider, or null when none is (no API key): live results are then off. */
export const RESULTS_PROVIDER = Symbol('RESULTS_PROVIDER');

export interface ProviderLogger {
  log(message: string): void;
  warn(message: string): void;
}

/** The provider gave no usable answer (RESULTS_PROVIDER_UNAVAILABLE) or refused us (RESULTS_PROVIDER_REJECTED). */
export class ResultsProviderError extends DomainError {
  constructor(
    code: typeof ErrorCodes.RESULTS_PROVIDER_UNAVAILABLE | typeof ErrorCodes.RESULTS_PROVIDER_REJECTED,
    message: string,
    /** HTTP status of the provider's last answer, when there was one. */
    readonly upstreamStatus: number | null = null,
  ) {
    super(code, message);
    this.name = 'ResultsProviderError';
  }
}

export function providerNotConfigured(): DomainError {
  return new DomainError(
    ErrorCodes.RESULTS_PROVIDER_NOT_CONFIGURED,
    'Live results are off: set FOOTBALL_DATA_API_KEY (a football-data.org API key) in the server environment, or RESULTS_PROVIDER=replay.',
  );
}
