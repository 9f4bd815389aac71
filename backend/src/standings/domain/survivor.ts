import type { PoolRules } from '@treble/contracts';
import { assertNever } from '../../shared/domain/event.js';
import { displayName } from './display-name.js';
import type { PeriodScore } from './period-scores.js';
import { rankRows } from './ranking.js';
import type { PeriodInfo, StandingRow, StandingsUser } from './standings.js';

export interface SurvivorRow extends StandingRow {
  isEliminated: boolean;
  strikeCount: number;
  eliminatedInPeriod: number | null;
}

/** Whether a completed period is a strike for a player; no picks means no score row: 0 points, no loss. */
export function isStrike(score: PeriodScore | undefined, rules: PoolRules): boolean {
  const mode = rules.survivor.mode;
  switch (mode) {
    case 'strikes':
      return (score?.points ?? 0) < rules.survivor.strikeBelow;
    case 'loss':
      return score?.hasLosingPick ?? false;
    default:
      return assertNever(mode);
  }
}

/** Whether a strike on top of `strikeCount` strikes is the one that eliminates. */
export function strikeEliminates(strikeCount: number, rules: PoolRules): boolean {
  return strikeCount + 1 >= rules.survivor.strikesToEliminate;
}

/** A period that would eliminate every player still active is a rollover: it gives nobody a strike. */
export function isRollover(active: number, eliminating: number): boolean {
  return active > 0 && eliminating === active;
}

/**
 * Survivor standings: a fold over the completed periods in period-number order (a period that is not
 * completed is skipped, so reopening one takes its strikes back and re-evaluates the later ones).
 *
 * Per period, among the players still active: strikes are counted; if the period would eliminate
 * every one of them, it is a rollover: nobody gets a strike. Active players add the period's points
 * and winning picks, so survivor points run up to and including the elimination period.
 *
 * Ranking: active players first, then eliminated players by later elimination period, then points and
 * winning picks, ties sharing a rank.
 */
export function survivorStandings(
  entrants: readonly StandingsUser[],
  periods: readonly PeriodInfo[],
  scores: readonly PeriodScore[],
  rules: PoolRules,
): SurvivorRow[] {
  const scoreOf = new Map(scores.map((score) => [`${score.userId}\u0000${score.periodId}`, score]));
  const players = entrants.map((user) => ({
    userId: user.id,
    displayName: displayName(user),
    points: 0,
    wins: 0,
    strikeCount: 0,
    eliminatedInPeriod: null as number | null,
  }));

  const completed = periods.filter((period) => period.isCompleted).sort((a, b) => a.id - b.id);
  for (const period of completed) {
    const active = players.filter((player) => player.eliminatedInPeriod === null);
    const struck = active.filter((player) =>
      isStrike(scoreOf.get(`${player.userId}\u0000${period.id}`), rules),
    );
    const eliminating = struck.filter((player) => strikeEliminates(player.strikeCount, rules));
    const rollover = isRollover(active.length, eliminating.length);

    for (const player of active) {
      const score = scoreOf.get(`${player.userId}\u0000${period.id}`);
      player.points += score?.points ?? 0;
      player.wins += score?.wins ?? 0;
    }
    if (rollover) continue;
    for (const player of struck) {
      if (strikeEliminates(player.strikeCount, rules)) player.eliminatedInPeriod = period.id;
      player.strikeCount += 1;
    }
  }

  // Tier: active players before everyone; eliminated ones by later elimination period first.
  const tier = (player: { eliminatedInPeriod: number | null }) =>
    player.eliminatedInPeriod === null ? Number.NEGATIVE_INFINITY : -player.eliminatedInPeriod;
  return rankRows(players, tier).map((player) => ({
    userId: player.userId,
    displayName: player.displayName,
    rank: player.rank,
    points: player.points,
    wins: player.wins,
    isEliminated: player.eliminatedInPeriod !== null,
    strikeCount: player.strikeCount,
    eliminatedInPeriod: player.eliminatedInPeriod,
  }));
}
