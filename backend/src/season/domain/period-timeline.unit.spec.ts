import { describe, expect, it } from '@jest/globals';
import type { Period } from '@treble/contracts';
import { periodTimeline, type PeriodDeadlines } from './period-timeline.js';

const period = (id: number, start: string, end: string, overrides: Partial<Period> = {}): Period => ({
  id,
  name: `Matchweek ${id}`,
  description: null,
  segment: 'main',
  startDate: start,
  endDate: end,
  isActive: true,
  isCompleted: false,
  isManuallyCompleted: false,
  completedAt: null,
  ...overrides,
});

const at = (iso: string) => new Date(iso);

describe('the current period and the periods open for picks', () => {
  // 2025-26 around MW27-31: MW26 never completed by the admin; MW31 holds a postponed match
  // (no deadline) and Wolves v Arsenal, played early on 18 February.
  const season = (now: Date): PeriodDeadlines[] => [
    { period: period(5, '2025-09-20T11:30:00Z', '2025-09-21T17:30:00Z'), nextDeadline: null },
    { period: period(26, '2026-02-10T19:30:00Z', '2026-02-12T22:00:00Z'), nextDeadline: null },
    {
      period: period(27, '2026-02-21T12:30:00Z', '2026-02-23T22:00:00Z'),
      nextDeadline: at('2026-02-21T12:30:00Z'),
    },
    {
      period: period(28, '2026-02-27T20:00:00Z', '2026-03-01T18:30:00Z'),
      nextDeadline: at('2026-02-27T20:00:00Z'),
    },
    {
      period: period(31, '2026-02-18T20:00:00Z', '2026-03-22T18:30:00Z'),
      nextDeadline:
        now < at('2026-02-18T20:00:00Z') ? at('2026-02-18T20:00:00Z') : at('2026-03-20T20:00:00Z'),
    },
    {
      period: period(1, '2025-08-15T19:00:00Z', '2025-08-18T21:00:00Z', { isCompleted: true }),
      nextDeadline: null,
    },
  ];

  it('is the period whose next deadline is soonest, never a stale one left uncompleted', () => {
    const now = at('2026-02-19T12:00:00Z');
    const timeline = periodTimeline(season(now), now);
    expect(timeline.currentPeriodId).toBe(27);
    const byId = new Map(timeline.periods.map((p) => [p.id, p]));
    expect(byId.get(5)).toMatchObject({ status: 'ended', openForPicks: false, isCurrent: false });
    expect(byId.get(26)).toMatchObject({ status: 'ended', openForPicks: false });
    expect(byId.get(27)).toMatchObject({
      status: 'upcoming',
      openForPicks: true,
      nextDeadline: '2026-02-21T12:30:00.000Z',
      isCurrent: true,
    });
    // MW31 has started (its early match is played) but its other options are still open.
    expect(byId.get(31)).toMatchObject({
      status: 'open',
      openForPicks: true,
      nextDeadline: '2026-03-20T20:00:00.000Z',
    });
    expect(byId.get(1)).toMatchObject({ status: 'completed', openForPicks: false });
    expect(timeline.periods.map((p) => p.id)).toEqual([1, 5, 26, 27, 28, 31]);
  });

  it("follows the soonest deadline: the day before an early match, that match's period is current", () => {
    const now = at('2026-02-17T12:00:00Z');
    expect(periodTimeline(season(now), now).currentPeriodId).toBe(31);
  });

  it('with no deadline ahead, is the last period that started; with no periods, null', () => {
    const done: PeriodDeadlines[] = [
      { period: period(37, '2026-05-16T11:30:00Z', '2026-05-18T22:00:00Z'), nextDeadline: null },
      {
        period: period(38, '2026-05-24T15:00:00Z', '2026-05-24T17:00:00Z', { isCompleted: true }),
        nextDeadline: null,
      },
      { period: period(31, '2026-02-18T20:00:00Z', '2026-03-22T18:30:00Z'), nextDeadline: null },
    ];
    const now = at('2026-06-01T00:00:00Z');
    expect(periodTimeline(done, now).currentPeriodId).toBe(38);
    expect(periodTimeline([], now)).toEqual({ now: now.toISOString(), currentPeriodId: null, periods: [] });
  });

  it('an inactive period is never open for picks', () => {
    const now = at('2026-02-19T12:00:00Z');
    const timeline = periodTimeline(
      [
        {
          period: period(27, '2026-02-21T12:30:00Z', '2026-02-23T22:00:00Z', { isActive: false }),
          nextDeadline: at('2026-02-21T12:30:00Z'),
        },
      ],
      now,
    );
    expect(timeline.periods[0]).toMatchObject({
      status: 'inactive',
      openForPicks: false,
      nextDeadline: null,
    });
  });
});

describe('the edges of the timeline', () => {
  const now = at('2026-03-01T12:00:00Z');

  it('a period not played by the pool has ended from the moment its end is reached', () => {
    const statuses = periodTimeline(
      [
        {
          period: period(1, '2026-02-27T12:00:00Z', '2026-03-01T12:00:00Z', { isActive: false }),
          nextDeadline: null,
        },
        {
          period: period(2, '2026-02-28T12:00:00Z', '2026-03-01T12:00:01Z', { isActive: false }),
          nextDeadline: null,
        },
      ],
      now,
    ).periods.map((p) => p.status);
    expect(statuses).toEqual(['ended', 'inactive']);
  });

  it('a period is open, not upcoming, from the instant it starts', () => {
    const timeline = periodTimeline(
      [
        {
          period: period(7, '2026-03-01T12:00:00Z', '2026-03-02T22:00:00Z'),
          nextDeadline: at('2026-03-01T15:00:00Z'),
        },
        {
          period: period(8, '2026-03-01T12:00:01Z', '2026-03-03T22:00:00Z'),
          nextDeadline: at('2026-03-01T15:00:00Z'),
        },
      ],
      now,
    );
    expect(timeline.periods.map((p) => p.status)).toEqual(['open', 'upcoming']);
    // Two deadlines at the same instant: the earlier period is current.
    expect(timeline.currentPeriodId).toBe(7);
  });

  it('with no deadline ahead, is the period that started last, whatever its number', () => {
    const none = (id: number, start: string) => ({
      period: period(id, start, '2026-05-24T17:00:00Z'),
      nextDeadline: null,
    });
    expect(
      periodTimeline(
        [none(1, '2026-02-10T12:00:00Z'), none(2, '2026-01-10T12:00:00Z'), none(3, '2026-04-10T12:00:00Z')],
        now,
      ).currentPeriodId,
    ).toBe(1);
    // One that starts at this very instant has started.
    expect(
      periodTimeline([none(1, '2026-01-10T12:00:00Z'), none(2, '2026-03-01T12:00:00Z')], now).currentPeriodId,
    ).toBe(2);
    // Two that started together: the later one.
    expect(
      periodTimeline([none(4, '2026-01-10T12:00:00Z'), none(5, '2026-01-10T12:00:00Z')], now).currentPeriodId,
    ).toBe(5);
    // None started yet: the first.
    expect(
      periodTimeline([none(6, '2026-04-10T12:00:00Z'), none(7, '2026-04-11T12:00:00Z')], now).currentPeriodId,
    ).toBe(6);
  });
});
