import {
  maxComparedPeriods,
  type DetailedPerformance,
  type Period,
  type TrendEntry,
} from '@treble/contracts';
import { periodTitleOf } from '../../lib/period-title';

/**
 * Toggles a period in the comparison: a selected one leaves; a new one joins at the end, and when
 * that makes more than the maximum, the oldest selection drops (docs/rules.md, Screens).
 */
export function togglePeriod(
  selected: readonly number[],
  periodId: number,
  max = maxComparedPeriods,
): number[] {
  if (selected.includes(periodId)) return selected.filter((id) => id !== periodId);
  const next = [...selected, periodId];
  return next.length > max ? next.slice(next.length - max) : next;
}

export type Direction = 'up' | 'down' | 'flat';

/** Each entry against the one before it; the first has nothing to compare with and is flat. */
export function directions(points: readonly number[]): Direction[] {
  return points.map((value, index) => {
    if (index === 0) return 'flat';
    const previous = points[index - 1] ?? value;
    if (value > previous) return 'up';
    if (value < previous) return 'down';
    return 'flat';
  });
}

/** docs/rules.md, Screens: 70 or more green, 50 or more yellow, below 50 red. */
export function accuracyTone(accuracy: number): 'green' | 'yellow' | 'red' {
  if (accuracy >= 70) return 'green';
  if (accuracy >= 50) return 'yellow';
  return 'red';
}

export interface ComparablePeriod {
  id: number;
  title: string;
}

/**
 * The periods a player can compare: only those they have picks in. That is every scored period
 * (`scoredIds`: picks with a result, or a completed period) and any other they have picked in so far
 * (`pickedIds`: the current one), in period order, each with its title ("Matchweek 12").
 */
export function comparablePeriods(
  periods: readonly Pick<Period, 'id' | 'name'>[],
  scoredIds: readonly number[],
  pickedIds: readonly number[] = [],
): ComparablePeriod[] {
  const ids = [...new Set([...scoredIds, ...pickedIds])].sort((a, b) => a - b);
  return ids.map((id) => ({ id, title: periodTitleOf(id, periods) }));
}

/** What the Overview and Trends tabs are drawn from. */
export interface PerformanceTabProps {
  detailed: DetailedPerformance;
  trends: TrendEntry[];
  periods: Period[];
}
