import type { MatchFinishedNotice, ResultRecordedNotice } from '@treble/contracts';

/**
 * Tells open browsers that a match has finished (`match-finished`) or that an admin recorded a
 * result (`result-recorded`): each becomes one toast. A port: the season and live-results
 * contexts send through it; the realtime process provides the adapter (its Socket.IO gateway).
 */
export abstract class LiveNotifier {
  abstract matchFinished(notice: MatchFinishedNotice): void;
  abstract resultRecorded(notice: ResultRecordedNotice): void;
  /** The current pool's live tables changed: a score of its season moved (one notice per change). */
  abstract liveScoresChanged(): void;
}
