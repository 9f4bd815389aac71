import { describe, expect, it } from '@jest/globals';
import { deciderSpec } from '../../../test/support/decider-spec.js';
import {
  decideImportSeason,
  defaultSeason,
  seasonStreamId,
  type SeasonEvent,
  type SeasonSource,
} from './season.js';
import type { SeasonSchedule } from './season-schedule.js';

const schedule = (season: string): SeasonSchedule => ({
  season,
  competition: `Premier League ${season.replace('-', '/')}`,
  teams: [
    { code: 'ARS', name: 'Arsenal FC', shortName: 'Arsenal' },
    { code: 'CHE', name: 'Chelsea FC', shortName: 'Chelsea' },
  ],
  matchweeks: [
    {
      number: 1,
      segment: 'main',
      startDate: '2025-08-16T14:00:00.000Z',
      endDate: '2025-08-16T16:00:00.000Z',
      fixtures: [
        {
          fixtureId: `${season}-ARS-CHE`,
          matchweek: 1,
          home: { code: 'ARS', name: 'Arsenal FC', shortName: 'Arsenal' },
          away: { code: 'CHE', name: 'Chelsea FC', shortName: 'Chelsea' },
          kickoff: '2025-08-16T14:00:00.000Z',
          status: 'SCHEDULED',
        },
      ],
    },
  ],
});

/** The season stream's events are the state; the command is the schedule and where it came from. */
const spec = deciderSpec<{ schedule: SeasonSchedule; source: SeasonSource }, SeasonEvent[], SeasonEvent>({
  initialState: () => [],
  evolve: (events, event) => [...events, event],
  decide: ({ schedule, source }, existing) => decideImportSeason(existing, schedule, source),
});

describe('importing a season', () => {
  it('is recorded on the stream season-{season}', () => {
    expect(seasonStreamId('2025-26')).toBe('season-2025-26');
  });

  it('records the schedule and its source the first time', () => {
    spec
      .given([])
      .when({ schedule: schedule('2025-26'), source: 'file' })
      .then([
        {
          type: 'SeasonImported',
          data: { season: '2025-26', source: 'file', schedule: schedule('2025-26') },
        },
      ]);
  });

  it('decides nothing when the season was imported already, whatever the source now', () => {
    const imported: SeasonEvent = {
      type: 'SeasonImported',
      data: { season: '2025-26', source: 'bundled', schedule: schedule('2025-26') },
    };
    spec
      .given([imported])
      .when({ schedule: schedule('2025-26'), source: 'football-data' })
      .thenNothing();
  });
});

describe('the season offered by default', () => {
  const seasons = [
    { season: '2026-27', startDate: '2026-08-21T19:00:00.000Z', endDate: '2027-05-23T17:00:00.000Z' },
    { season: '2024-25', startDate: '2024-08-16T19:00:00.000Z', endDate: '2025-05-25T17:00:00.000Z' },
    { season: '2025-26', startDate: '2025-08-15T19:00:00.000Z', endDate: '2026-05-24T17:00:00.000Z' },
  ];
  const at = (iso: string) => defaultSeason(seasons, new Date(iso))?.season;

  it('is the season being played, from its first kickoff to the end of its last match', () => {
    expect(at('2025-12-26T12:00:00.000Z')).toBe('2025-26');
    expect(at('2025-08-15T19:00:00.000Z')).toBe('2025-26');
    expect(at('2026-05-24T17:00:00.000Z')).toBe('2025-26');
    expect(at('2024-08-16T19:00:00.000Z')).toBe('2024-25');
  });

  it('between seasons, the next one to start; after the last, the last', () => {
    expect(at('2025-06-30T12:00:00.000Z')).toBe('2025-26');
    expect(at('2025-08-15T18:59:59.999Z')).toBe('2025-26');
    expect(at('2026-05-24T17:00:00.001Z')).toBe('2026-27');
    expect(at('2024-01-01T00:00:00.000Z')).toBe('2024-25');
    expect(at('2028-01-01T00:00:00.000Z')).toBe('2026-27');
  });

  it('is null without seasons, and leaves the list it is given in its order', () => {
    expect(defaultSeason([], new Date('2025-12-26T12:00:00.000Z'))).toBeNull();
    expect(at('2025-12-26T12:00:00.000Z')).toBe('2025-26');
    expect(seasons.map((s) => s.season)).toEqual(['2026-27', '2024-25', '2025-26']);
  });
});
