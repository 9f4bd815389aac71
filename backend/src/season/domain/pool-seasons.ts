import { ErrorCodes } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';
import type { DomainEvent, StreamModel } from '../../shared/domain/event.js';
import {
  nextSeasonName,
  type SeasonScope,
  type SeasonStartedData,
} from '../../shared/domain/season-scope.js';

/** The seasons the pool has played, in the order it started them (docs/adr/012-pool-years.md). */
export const poolSeasonsStreamId = 'pool-seasons';

export type PoolSeasonsEvent = DomainEvent<'SeasonStarted', SeasonStartedData>;

export interface PoolSeasonsState {
  seasons: SeasonScope[];
}

export const poolSeasonsModel: StreamModel<PoolSeasonsState, PoolSeasonsEvent> = {
  initialState: () => ({ seasons: [] }),
  evolve: (state, { data }) => ({ seasons: [...state.seasons, { season: data.season, scope: data.scope }] }),
};

/**
 * The season a pool plays when it imports its first schedule (`first`), or the season after the
 * current one (`next`). `legacySeason` is the season of a pool that imported before pool years were
 * recorded (its streams have the empty scope); `unfinished` the current season's matchweeks not
 * completed, which only `force` lets the admin leave behind.
 */
export function decideStartSeason(
  state: PoolSeasonsState,
  command: {
    mode: 'first' | 'next';
    season: string;
    legacySeason: string | null;
    unfinished: readonly number[];
    force: boolean;
  },
): PoolSeasonsEvent[] {
  const recorded = state.seasons.at(-1) ?? null;
  const current = recorded?.season ?? command.legacySeason;
  // A pool from before pool years: its season is recorded first, with the empty scope of its streams.
  const adopt: PoolSeasonsEvent[] =
    recorded === null && command.legacySeason !== null
      ? [{ type: 'SeasonStarted', data: { season: command.legacySeason, scope: '', previous: null } }]
      : [];
  if (command.mode === 'first') {
    if (current === null)
      return [{ type: 'SeasonStarted', data: { season: command.season, scope: '', previous: null } }];
    if (current !== command.season) {
      throw new DomainError(
        ErrorCodes.SEASON_ALREADY_CHOSEN,
        `This pool plays the ${current} season; it cannot import ${command.season} into it. Start the next season when ${current} is over.`,
      );
    }
    return adopt;
  }
  if (current === null)
    throw new DomainError(ErrorCodes.SEASON_NOT_NEXT, 'This pool has no season yet: import one first.');
  // Each season started comes after the one before it, so every season played is at most `current`.
  if (command.season <= current) {
    throw new DomainError(
      ErrorCodes.SEASON_NOT_NEXT,
      `The pool plays ${current}; the next season must come after it (${nextSeasonName(current)} or later).`,
    );
  }
  if (command.unfinished.length > 0 && !command.force) {
    const n = command.unfinished.length;
    throw new DomainError(
      ErrorCodes.SEASON_NOT_FINISHED,
      `${n} matchweek${n === 1 ? '' : 's'} of ${current} ${n === 1 ? 'is' : 'are'} not completed (${command.unfinished.join(', ')}). Complete ${n === 1 ? 'it' : 'them'}, or confirm to start ${command.season} anyway: the standings of ${current} stay as they are now.`,
      { unfinishedPeriods: [...command.unfinished] },
    );
  }
  return [
    ...adopt,
    { type: 'SeasonStarted', data: { season: command.season, scope: command.season, previous: current } },
  ];
}
