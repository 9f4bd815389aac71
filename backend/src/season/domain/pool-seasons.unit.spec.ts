import { describe, expect, it } from '@jest/globals';
import { ErrorCodes } from '@treble/contracts';
import { deciderSpec } from '../../../test/support/decider-spec.js';
import { nextSeasonName, scopedStreamId } from '../../shared/domain/season-scope.js';
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
const first = (season: string, legacySeason: string | null = null): StartSeason => ({
  mode: 'first',
  season,
  legacySeason,
  unfinished: [],
  force: false,
});
const next = (season: string, options: Partial<StartSeason> = {}): StartSeason => ({
  mode: 'next',
  season,
  legacySeason: null,
  unfinished: [],
  force: false,
  ...options,
});

describe('pool seasons', () => {
  it("records a fresh pool's first season with the empty scope, once", () => {
    spec
      .given([])
      .when(first('2026-27'))
      .then([started('2026-27', '', null)]);
    spec
      .given([started('2026-27', '', null)])
      .when(first('2026-27'))
      .thenNothing();
  });

  it('refuses to import another season into a pool that plays one', () => {
    spec
      .given([started('2026-27', '', null)])
      .when(first('2025-26'))
      .thenRefused(ErrorCodes.SEASON_ALREADY_CHOSEN);
    spec.given([]).when(first('2025-26', '2026-27')).thenRefused(ErrorCodes.SEASON_ALREADY_CHOSEN);
  });

  it('adopts the season of a pool from before pool years, with its unscoped streams', () => {
    spec
      .given([])
      .when(first('2025-26', '2025-26'))
      .then([started('2025-26', '', null)]);
    spec
      .given([])
      .when(next('2026-27', { legacySeason: '2025-26' }))
      .then([started('2025-26', '', null), started('2026-27', '2026-27', '2025-26')]);
  });

  it('starts the next season with its own scope, naming the one it follows', () => {
    const state = spec
      .given([started('2025-26', '', null)])
      .when(next('2026-27'))
      .then([started('2026-27', '2026-27', '2025-26')]);
    expect(state.seasons).toEqual([
      { season: '2025-26', scope: '' },
      { season: '2026-27', scope: '2026-27' },
    ]);
    // A later season may be skipped to (a pool that paused a year).
    spec
      .given([started('2025-26', '', null)])
      .when(next('2027-28'))
      .then([started('2027-28', '2027-28', '2025-26')]);
  });

  it('refuses a next season that does not come after the current one, or a pool without a season', () => {
    const history = [started('2025-26', '', null), started('2026-27', '2026-27', '2025-26')];
    spec.given(history).when(next('2026-27')).thenRefused(ErrorCodes.SEASON_NOT_NEXT);
    spec.given(history).when(next('2025-26')).thenRefused(ErrorCodes.SEASON_NOT_NEXT);
    spec.given(history).when(next('2024-25')).thenRefused(ErrorCodes.SEASON_NOT_NEXT);
    spec
      .given([])
      .when(next('2026-27'))
      .thenRefused(ErrorCodes.SEASON_NOT_NEXT, 'This pool has no season yet: import one first.');
  });

  it('asks for confirmation while matchweeks are not completed, naming them', () => {
    const refused = spec
      .given([started('2025-26', '', null)])
      .when(next('2026-27', { unfinished: [37, 38] }))
      .thenRefused(ErrorCodes.SEASON_NOT_FINISHED);
    expect(refused.message).toContain('2 matchweeks of 2025-26 are not completed (37, 38)');
    expect(refused.details).toEqual({ unfinishedPeriods: [37, 38] });
    spec
      .given([started('2025-26', '', null)])
      .when(next('2026-27', { unfinished: [38], force: true }))
      .then([started('2026-27', '2026-27', '2025-26')]);
  });

  it('names streams by scope and seasons in order', () => {
    expect(scopedStreamId('period', '', 12)).toBe('period-12');
    expect(scopedStreamId('picks', '2027-28', 'u1')).toBe('picks-2027-28-u1');
    expect(nextSeasonName('2026-27')).toBe('2027-28');
    expect(nextSeasonName('2099-00')).toBe('2100-01');
  });
});

describe('pool seasons, word for word', () => {
  it('adopts an unrecorded season only when the pool has recorded none', () => {
    spec
      .given([started('2025-26', '', null)])
      .when(first('2025-26', '2025-26'))
      .thenNothing();
    spec
      .given([started('2025-26', '', null)])
      .when(next('2026-27', { legacySeason: '2025-26' }))
      .then([started('2026-27', '2026-27', '2025-26')]);
  });

  it('says which season the pool plays and which one may come next', () => {
    spec
      .given([started('2026-27', '', null)])
      .when(first('2025-26'))
      .thenRefused(
        ErrorCodes.SEASON_ALREADY_CHOSEN,
        'This pool plays the 2026-27 season; it cannot import 2025-26 into it. Start the next season when 2026-27 is over.',
      );
    spec
      .given([started('2025-26', '', null), started('2026-27', '2026-27', '2025-26')])
      .when(next('2026-27'))
      .thenRefused(
        ErrorCodes.SEASON_NOT_NEXT,
        'The pool plays 2026-27; the next season must come after it (2027-28 or later).',
      );
  });

  it('names one unfinished matchweek in the singular, several in the plural', () => {
    const history = [started('2025-26', '', null)];
    spec
      .given(history)
      .when(next('2026-27', { unfinished: [38] }))
      .thenRefused(
        ErrorCodes.SEASON_NOT_FINISHED,
        '1 matchweek of 2025-26 is not completed (38). Complete it, or confirm to start 2026-27 anyway: the standings of 2025-26 stay as they are now.',
      );
    spec
      .given(history)
      .when(next('2026-27', { unfinished: [37, 38] }))
      .thenRefused(
        ErrorCodes.SEASON_NOT_FINISHED,
        '2 matchweeks of 2025-26 are not completed (37, 38). Complete them, or confirm to start 2026-27 anyway: the standings of 2025-26 stay as they are now.',
      );
  });
});
