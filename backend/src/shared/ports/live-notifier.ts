import type { MatchFinishedNotice, ResultRecordedNotice } from '@treble/contracts';

/**
 * Tells open browsers that a match has finished or that an admin recorded a result: each becomes
 * one toast, which rides the notice of the tables the result changed (`position`: the log's, of
 * its last event). A port: the season and live-results contexts send through it; the realtime
 * process provides the adapter (its Socket.IO gateway).
 */
export abstract class LiveNotifier {
  abstract matchFinished(notice: MatchFinishedNotice, position: bigint): void;
  abstract resultRecorded(notice: ResultRecordedNotice, position: bigint): void;
  /** The current pool's live tables changed: a score of its season moved (one notice per change). */
  abstract liveScoresChanged(): void;
}
