import type { PerformanceTrend } from '@treble/contracts';

/** docs/rules.md, Screens: windows of 3 entries, more than 110% improving, less than 90% declining. */
const trendWindow = 3;
const improvingAbove = 1.1;
const decliningBelow = 0.9;

export const average = (values: readonly number[]): number =>
  values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;

/**
 * The average points of the last 3 entries against the 3 before them. With fewer than 6 entries
 * both windows shrink to half of them (2 entries: the last against the one before); fewer than 2
 * entries are stable. A previous average of 0 makes any points improving.
 */
export function performanceTrend(points: readonly number[]): PerformanceTrend {
  if (points.length < 2) return 'stable';
  const size = Math.min(trendWindow, Math.floor(points.length / 2));
  const recent = average(points.slice(points.length - size));
  const previous = average(points.slice(points.length - 2 * size, points.length - size));
  if (recent > previous * improvingAbove) return 'improving';
  if (recent < previous * decliningBelow) return 'declining';
  return 'stable';
}

/** Population standard deviation: 0 for fewer than two values. */
export function standardDeviation(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const mean = average(values);
  return Math.sqrt(average(values.map((value) => (value - mean) ** 2)));
}
