import { Inject, Injectable } from '@nestjs/common';
import { decideAndAppend } from '../event-store/decide-and-append.js';
import { EVENT_STORE, type EventStore } from '../event-store/event-store.port.js';
import { readStream } from '../event-store/read-stream.js';
import { metadataFor, type CommandContext } from '../shared/domain/event.js';
import {
  decideStartSeason,
  poolSeasonsModel,
  poolSeasonsStreamId,
  type PoolSeasonsEvent,
} from './domain/pool-seasons.js';
import { decideImportSeason, seasonStreamId, type SeasonEvent, type SeasonSource } from './domain/season.js';
import type { SeasonSchedule } from './domain/season-schedule.js';
import { PoolSeasons } from './pool-seasons.js';
import { SeasonCatalogue } from './season-catalogue.js';

/**
 * Writes the pool's seasons: which season it plays (`pool-seasons`) and each season's schedule as
 * imported (`season-{season}`). The season context's command handlers use it; other contexts send
 * them commands.
 */
@Injectable()
export class SeasonWriter {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    private readonly seasons: PoolSeasons,
    private readonly catalogue: SeasonCatalogue,
  ) {}

  /**
   * Records the season the pool plays: its first (`first`, on the first import; importing the same
   * season again records nothing) or the next one. Decided on the stream with its expected version,
   * so two admins starting seasons at once cannot both succeed. The legacy season is looked up
   * within that one fold, only when the stream holds no season.
   */
  async start(
    command: { mode: 'first' | 'next'; season: string; unfinished?: readonly number[]; force?: boolean },
    context: CommandContext,
  ): Promise<{ events: PoolSeasonsEvent[]; position: bigint | null }> {
    return decideAndAppend(
      this.eventStore,
      poolSeasonsStreamId,
      poolSeasonsModel,
      async (state) =>
        decideStartSeason(state, {
          mode: command.mode,
          season: command.season,
          legacySeason: state.seasons.length === 0 ? await this.seasons.legacySeason() : null,
          unfinished: command.unfinished ?? [],
          force: command.force ?? false,
        }),
      metadataFor(context),
    );
  }

  /** Records the season's schedule once (`SeasonImported` on `season-{season}`); again, nothing. */
  async record(schedule: SeasonSchedule, source: SeasonSource, context: CommandContext): Promise<void> {
    const streamId = seasonStreamId(schedule.season);
    const { events: existing } = await readStream<SeasonEvent>(this.eventStore, streamId);
    const events = decideImportSeason(existing, schedule, source);
    if (events.length === 0) return;
    await this.eventStore.append(
      streamId,
      events.map((event) => ({ type: event.type, data: event.data, metadata: metadataFor(context) })),
      'no_stream',
    );
    this.catalogue.remember(schedule);
  }
}
