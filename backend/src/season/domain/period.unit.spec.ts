import { describe, expect, it } from '@jest/globals';
import { decideSchedulePeriod, evolvePeriod, initialPeriodState, type PeriodEvent } from './period.js';
import type { Matchweek } from './season-schedule.js';

const matchweek: Matchweek = {
  number: 12,
  segment: 'main',
  startDate: '2025-11-22T12:30:00.000Z',
  endDate: '2025-11-24T22:00:00.000Z',
  fixtures: [],
};

function given(events: PeriodEvent[]) {
  return events.reduce(evolvePeriod, initialPeriodState());
}

describe('scheduling a period', () => {
  it('schedules a matchweek that has not ended and activates it so players can plan ahead', () => {
    const events = decideSchedulePeriod({ type: 'SchedulePeriod', season: '2025-26', matchweek }, given([]), new Date('2025-11-01T00:00:00Z'));
    expect(events.map((e) => e.type)).toEqual(['PeriodScheduled', 'PeriodActivated']);
    expect(events[0]!.data).toMatchObject({ periodId: 12, name: 'Matchweek 12', segment: 'main', startDate: matchweek.startDate });
  });

  it('schedules an ended matchweek without activating it', () => {
    const events = decideSchedulePeriod({ type: 'SchedulePeriod', season: '2025-26', matchweek }, given([]), new Date('2025-12-01T00:00:00Z'));
    expect(events.map((e) => e.type)).toEqual(['PeriodScheduled']);
  });

  it('decides nothing for a period that is already scheduled (the import is idempotent)', () => {
    const first = decideSchedulePeriod({ type: 'SchedulePeriod', season: '2025-26', matchweek }, given([]), new Date('2025-11-01T00:00:00Z'));
    expect(decideSchedulePeriod({ type: 'SchedulePeriod', season: '2025-26', matchweek }, given(first), new Date('2025-11-01T00:00:00Z'))).toEqual([]);
  });
});
