import { Inject, Injectable } from '@nestjs/common';
import { ErrorCodes, type MatchdayStatus, type ResultsUpdateSummary } from '@treble/contracts';
import { CLOCK, type Clock } from '../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { SeasonCatalogue } from '../season/index.js';
import { DomainError } from '../shared/domain/domain-error.js';
import type { CommandContext } from '../shared/domain/event.js';
import { matchdayStatus, seasonStartYear } from './domain/match-plan.js';
import { MatchSync } from './match-sync.js';
import { RESULTS_PROVIDER, type ResultsProvider } from './provider/results-provider.js';

/** The admin's Live Results actions: a matchday's status, and updating one matchday or the whole season. */
@Injectable()
export class LiveResultsService {
  constructor(
    @Inject(RESULTS_PROVIDER) private readonly provider: ResultsProvider | null,
    private readonly sync: MatchSync,
    private readonly catalogue: SeasonCatalogue,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  requireProvider(): ResultsProvider {
    if (this.provider === null) {
      throw new DomainError(
        ErrorCodes.RESULTS_PROVIDER_NOT_CONFIGURED,
        'Live results are off: set FOOTBALL_DATA_API_KEY (a football-data.org API key) in the server environment, or RESULTS_PROVIDER=replay.',
      );
    }
    return this.provider;
  }

  /** The provider's season parameter for the season the pool plays. */
  async seasonYear(): Promise<number> {
    return seasonStartYear((await this.catalogue.currentOrDefault(this.clock.now())).season);
  }

  /** A matchday number as the admin typed it: a whole number from 1 to the season's periods. */
  parseMatchday(raw: unknown): number {
    const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
    const last = this.config.rules.periodsPerSeason;
    const value = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
    if (!(value >= 1 && value <= last)) {
      throw new DomainError(
        ErrorCodes.VALIDATION_FAILED,
        `matchday: must be a whole number from 1 to ${last}`,
      );
    }
    return value;
  }

  async matchdayStatus(matchday: number): Promise<MatchdayStatus> {
    const answer = await this.requireProvider().matchesOfMatchday(await this.seasonYear(), matchday);
    return { ...matchdayStatus(matchday, answer.matches), unreadable: answer.skipped };
  }

  async updateMatchday(matchday: number, context: CommandContext): Promise<ResultsUpdateSummary> {
    const answer = await this.requireProvider().matchesOfMatchday(await this.seasonYear(), matchday);
    const summary = await this.sync.apply(answer, { ...context, now: this.clock.now() });
    return { message: `Successfully updated results for matchday ${matchday}`, ...summary };
  }

  /** Every finished match of the season. */
  async updateAll(context: CommandContext): Promise<ResultsUpdateSummary> {
    const answer = await this.requireProvider().matchesByStatus(await this.seasonYear(), [
      'FINISHED',
      'AWARDED',
    ]);
    const summary = await this.sync.apply(answer, { ...context, now: this.clock.now() });
    return {
      message: `Successfully updated results for ${summary.finishedMatches} finished matches`,
      ...summary,
    };
  }
}
