import type { PoolRules, Segment } from '@treble/contracts';
import { displayName, type NamedUser } from './display-name.js';
import type { PeriodScore } from './period-scores.js';
import { rankRows } from './ranking.js';

export interface StandingsUser extends NamedUser {
  id: string;
}

export interface PeriodInfo {
  id: number;
  segment: Segment;
  isCompleted: boolean;
}

export interface StandingRow {
  userId: string;
  displayName: string;
  rank: number;
  points: number;
  wins: number;
}

export type Last10Badge = 'Hot' | 'Good' | 'Cold';

export interface Last10Row extends StandingRow {
  badge: Last10Badge;
}

/**
 * Overall: every recorded result of every period counts, completed or not. Entrants are the players
 * with a score row (at least one pick) among the given scores; points and winning picks are summed
 * over the same rows.
 */
export function overallStandings(
  users: readonly StandingsUser[],
  scores: readonly PeriodScore[],
): StandingRow[] {
  const byId = new Map(users.map((user) => [user.id, user]));
  const totals = new Map<string, { userId: string; displayName: string; points: number; wins: number }>();
  for (const score of scores) {
    if (score.picks === 0) continue;
    const total = totals.get(score.userId) ?? {
      userId: score.userId,
      displayName: displayName(byId.get(score.userId)),
      points: 0,
      wins: 0,
    };
    total.points += score.points;
    total.wins += score.wins;
    totals.set(score.userId, total);
  }
  return rankRows([...totals.values()]);
}

/** Players with at least one pick in the season: the Overall entrants, who are also the Survivor entrants. */
export function overallEntrants(
  users: readonly StandingsUser[],
  scores: readonly PeriodScore[],
): StandingsUser[] {
  const withPicks = new Set(scores.filter((score) => score.picks > 0).map((score) => score.userId));
  const known = new Set(users.map((user) => user.id));
  return [
    ...users.filter((user) => withPicks.has(user.id)),
    ...[...withPicks].filter((userId) => !known.has(userId)).map((id) => ({ id })),
  ];
}

export function last10Badge(points: number, rules: PoolRules): Last10Badge {
  if (points >= rules.last10Badges.hot) return 'Hot';
  if (points >= rules.last10Badges.good) return 'Good';
  return 'Cold';
}

/** Last 10: the periods whose segment is `last10` (whatever their ids), live like Overall. */
export function last10Standings(
  users: readonly StandingsUser[],
  periods: readonly PeriodInfo[],
  scores: readonly PeriodScore[],
  rules: PoolRules,
): Last10Row[] {
  const last10 = new Set(periods.filter((period) => period.segment === 'last10').map((period) => period.id));
  return overallStandings(
    users,
    scores.filter((score) => last10.has(score.periodId)),
  ).map((row) => ({ ...row, badge: last10Badge(row.points, rules) }));
}
