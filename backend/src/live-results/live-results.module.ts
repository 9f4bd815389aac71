import { Logger, Module } from '@nestjs/common';
import { CLOCK, type Clock } from '../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { BUNDLED_SEASON, SeasonCatalogue } from '../season/season-catalogue.js';
import { SeasonModule } from '../season/season.module.js';
import { seasonStartYear } from './domain/match-plan.js';
import { LiveBoard } from './live-board.js';
import { LiveResultsController } from './live-results.http.controller.js';
import { LiveResultsService } from './live-results.service.js';
import { GatewayLiveNotifier, LiveNotifier } from '../realtime/live-notifier.js';
import { MatchSync } from './match-sync.js';
import { PollerLease } from './poller-lease.js';
import { PollLog } from './poll-log.js';
import { FootballDataClient } from './provider/football-data.client.js';
import { loadReplaySource, ReplayProvider } from './provider/replay.provider.js';
import { RESULTS_PROVIDER, type ResultsProvider } from './provider/results-provider.js';
import { ResultsScheduler } from './results-scheduler.js';

/** The configured results provider; null (live results off) without an API key. */
export function createResultsProvider(config: AppConfig, clock: Clock, catalogue: SeasonCatalogue): ResultsProvider | null {
  const settings = config.liveResults;
  if (settings.provider === 'replay') {
    return new ReplayProvider(loadReplaySource(BUNDLED_SEASON), seasonStartYear(catalogue.current().season), clock, new Logger('Replay'));
  }
  if (settings.footballDataApiKey === null) return null;
  return new FootballDataClient({
    apiKey: settings.footballDataApiKey,
    baseUrl: settings.footballDataUrl,
    requestsPerMinute: settings.footballDataRequestsPerMinute,
    logger: new Logger('FootballData'),
  });
}

/** Live results: the provider, the process manager that applies its matches, and the scheduler. */
@Module({
  imports: [SeasonModule],
  controllers: [LiveResultsController],
  providers: [
    { provide: RESULTS_PROVIDER, useFactory: createResultsProvider, inject: [APP_CONFIG, CLOCK, SeasonCatalogue] },
    { provide: LiveNotifier, useClass: GatewayLiveNotifier },
    MatchSync,
    LiveBoard,
    PollerLease,
    PollLog,
    LiveResultsService,
    ResultsScheduler,
  ],
  exports: [MatchSync, LiveResultsService, ResultsScheduler],
})
export class LiveResultsModule {}
