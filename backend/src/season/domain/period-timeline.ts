import type { Period, PeriodPickStatus, PeriodTimeline, PeriodTimelineEntry } from '@treble/contracts';

/** A period with the soonest deadline still ahead of "now" among its pickable options (null: none). */
export interface PeriodDeadlines {
  period: Period;
  nextDeadline: Date | null;
}

function statusOf({ period, nextDeadline }: PeriodDeadlines, now: Date): PeriodPickStatus {
  if (period.isCompleted) return 'completed';
  // A period that had ended before the pool imported its season was never active: it has ended.
  if (!period.isActive) return Date.parse(period.endDate) <= now.getTime() ? 'ended' : 'inactive';
  if (nextDeadline === null) return 'ended';
  return Date.parse(period.startDate) > now.getTime() ? 'upcoming' : 'open';
}

/**
 * Where each period stands for picking, and the current one: the period whose next deadline is
 * soonest (docs/rules.md: players may pick ahead, so several are open at once). A period an admin never
 * completed, or one waiting on a postponed match, has no deadline ahead and so is never "current"
 * again. With no deadline ahead anywhere (the season is over, or not imported), the current period
 * is the last one that started, else the first.
 */
export function periodTimeline(periods: readonly PeriodDeadlines[], now: Date): PeriodTimeline {
  const entries = [...periods]
    .sort((a, b) => a.period.id - b.period.id)
    .map((entry) => {
      const status = statusOf(entry, now);
      return { entry, status, openForPicks: status === 'upcoming' || status === 'open' };
    });
  // Stable sorts: among equal deadlines the lowest id is soonest, among equal starts the highest id is last.
  const soonest = entries
    .filter((e) => e.openForPicks)
    .sort((a, b) => a.entry.nextDeadline!.getTime() - b.entry.nextDeadline!.getTime())[0];
  const lastStarted = entries
    .filter((e) => Date.parse(e.entry.period.startDate) <= now.getTime())
    .sort((a, b) => Date.parse(a.entry.period.startDate) - Date.parse(b.entry.period.startDate))
    .at(-1);
  const current = soonest ?? lastStarted ?? entries[0] ?? null;
  const currentPeriodId = current?.entry.period.id ?? null;
  return {
    now: now.toISOString(),
    currentPeriodId,
    periods: entries.map(({ entry, status, openForPicks }): PeriodTimelineEntry => ({
      ...entry.period,
      status,
      openForPicks,
      nextDeadline: openForPicks ? entry.nextDeadline!.toISOString() : null,
      isCurrent: entry.period.id === currentPeriodId,
    })),
  };
}
