/** The live-results context's public face: all that other contexts and the composition root may import of it. */
export { REPLAY_FULL_TIME_MINUTE } from './domain/replay.js';
export { LiveResultsModule } from './live-results.module.js';
export { loadReplaySource } from './provider/replay.provider.js';
export { ResultsScheduler } from './results-scheduler.js';
