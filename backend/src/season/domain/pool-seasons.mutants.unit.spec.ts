import { describe, it } from '@jest/globals';
import { ErrorCodes } from '@treble/contracts';
import { deciderSpec } from '../../../test/support/decider-spec.js';
import { decideStartSeason, poolSeasonsModel, type PoolSeasonsEvent } from './pool-seasons.js';

type StartSeason = Parameters<typeof decideStartSeason>[1];

const spec = deciderSpec({
  ...poolSeasonsModel,
  decide: (command: StartSeason, state) => decideStartSeason(state, command),
});
const started = (season: string, scope: string, previous: string | null): PoolSeasonsEvent => ({
  type: 'SeasonStarted',
  data: { season, scope, previous },
});
const command = (
  mode: 'first' | 'next',
  season: string,
  options: Partial<StartSeason> = {},
): StartSeason => ({
  mode,
  season,
  legacySeason: null,
  unfinished: [],
  force: false,
  ...options,
});

describe('pool seasons: what the admin is told', () => {
  it('explains why another season cannot be imported into the one the pool plays', () => {
    spec
      .given([started('2026-27', '', null)])
      .when(command('first', '2025-26'))
      .thenRefused(
        ErrorCodes.SEASON_ALREADY_CHOSEN,
        'This pool plays the 2026-27 season; it cannot import 2025-26 into it. Start the next season when 2026-27 is over.',
      );
  });

  it('names the earliest season that may come next', () => {
    spec
      .given([started('2025-26', '', null)])
      .when(command('next', '2025-26'))
      .thenRefused(
        ErrorCodes.SEASON_NOT_NEXT,
        'The pool plays 2025-26; the next season must come after it (2026-27 or later).',
      );
  });

  it('asks to complete one open matchweek, or several, in words that fit', () => {
    spec
      .given([started('2025-26', '', null)])
      .when(command('next', '2026-27', { unfinished: [38] }))
      .thenRefused(
        ErrorCodes.SEASON_NOT_FINISHED,
        '1 matchweek of 2025-26 is not completed (38). Complete it, or confirm to start 2026-27 anyway: the standings of 2025-26 stay as they are now.',
      );
    spec
      .given([started('2025-26', '', null)])
      .when(command('next', '2026-27', { unfinished: [36, 38] }))
      .thenRefused(
        ErrorCodes.SEASON_NOT_FINISHED,
        '2 matchweeks of 2025-26 are not completed (36, 38). Complete them, or confirm to start 2026-27 anyway: the standings of 2025-26 stay as they are now.',
      );
  });
});

describe('pool seasons: a legacy season already recorded', () => {
  it('is not recorded again, whether the same season is imported or the next one started', () => {
    spec
      .given([started('2025-26', '', null)])
      .when(command('first', '2025-26', { legacySeason: '2025-26' }))
      .thenNothing();
    spec
      .given([started('2025-26', '', null)])
      .when(command('next', '2026-27', { legacySeason: '2025-26' }))
      .then([started('2026-27', '2026-27', '2025-26')]);
  });
});
