import { Logger, Module } from '@nestjs/common';
import { CLOCK, type Clock } from '../platform/clock/clock.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { SeasonModule } from '../season/index.js';
import { LiveResultsController } from './live-results.http.controller.js';
import { LiveResultsService } from './live-results.service.js';
import { LiveScoreBoard, LiveScoresHandler } from './live-scores.js';
import { MatchSync } from './match-sync.js';
import { PollerLease } from './poller-lease.js';
import { PollLog } from './poll-log.js';
import { FootballDataClient } from './provider/football-data.client.js';
import { ReplayProvider } from './provider/replay.provider.js';
import { RESULTS_PROVIDER, type ResultsProvider } from './provider/results-provider.js';
import { ResultsPools } from './results-pools.js';
import { ResultsScheduler } from './results-scheduler.js';
import { SeasonSetupController } from './season-setup.http.controller.js';
import { SeasonSetupService } from './season-setup.service.js';

/** The configured results provider; null (live results off) without an API key. */
export function createResultsProvider(config: AppConfig, clock: Clock): ResultsProvider | null {
  const settings = config.liveResults;
  if (settings.provider === 'replay') return new ReplayProvider(clock, new Logger('Replay'));
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
  controllers: [LiveResultsController, SeasonSetupController],
  providers: [
    { provide: RESULTS_PROVIDER, useFactory: createResultsProvider, inject: [APP_CONFIG, CLOCK] },
    MatchSync,
    PollerLease,
    PollLog,
    LiveResultsService,
    LiveScoreBoard,
    LiveScoresHandler,
    ResultsPools,
    ResultsScheduler,
    SeasonSetupService,
  ],
  exports: [MatchSync, LiveResultsService, ResultsScheduler],
})
export class LiveResultsModule {}
