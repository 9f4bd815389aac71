import type { LeaderboardKind, LiveRow, PoolRules } from '@treble/contracts';
import { isRollover, isStrike, strikeEliminates } from './survivor.js';

/*
 * The live table (docs/rules.md "Live table", ADR 016): a leaderboard as it would stand if every
 * current score held. Pure: the official rows and who picked which option in play are loaded once
 * (`LiveBase`, per read state), and each change of the scores recomputes the table from them in
 * memory, so a goal costs no statement however big the pool.
 */

/** An option in play: what it would score if its match's current score held. */
export interface Provisional {
  points: number;
  win: 0 | 1;
  loss: 0 | 1;
}

/** A row of the official board, as the live table starts from it. */
export interface LiveEntrant {
  userId: string;
  firstName: string | null;
  lastName: string | null;
  displayName: string;
  profileImageUrl: string | null;
  /** Position in display-name order (the order of rows of equal rank, as the official boards list them). */
  nameOrder: number;
  officialRank: number;
  points: number;
  wins: number;
  /** Survivor: strikes so far, the elimination period, and the matchweek's official score so far. */
  strikeCount?: number;
  eliminatedInPeriod?: number | null;
  periodPoints?: number;
  periodWins?: number;
  periodLosses?: number;
}

export interface LiveBase {
  kind: LeaderboardKind;
  /** The matchweek Survivor judges (the earliest in play). */
  periodId: number;
  entrants: LiveEntrant[];
  /** For each option in play, the entrants (by index) whose active pick it is. */
  picks: Map<string, number[]>;
}

interface Standing {
  entrant: LiveEntrant;
  points: number;
  wins: number;
  livePoints: number;
  /** Sorted ascending first: Survivor's later exits (and the players still in) come first. */
  tier: number;
  survivor?: Pick<LiveRow, 'strikeCount' | 'isEliminated' | 'wouldStrike' | 'wouldBeEliminated'>;
}

/** The table if every score held: ranked as the official boards rank (1, 2, 2, 4), ties by name. */
export function liveTable(
  base: LiveBase,
  provisional: ReadonlyMap<string, Provisional>,
  rules: PoolRules,
): LiveRow[] {
  const n = base.entrants.length;
  const points = new Int32Array(n);
  const wins = new Int32Array(n);
  const losses = new Int32Array(n);
  for (const [optionId, pickers] of base.picks) {
    const now = provisional.get(optionId);
    if (now === undefined) continue;
    for (const i of pickers) {
      points[i] = points[i]! + now.points;
      wins[i] = wins[i]! + now.win;
      losses[i] = losses[i]! + now.loss;
    }
  }
  const standings =
    base.kind === 'survivor'
      ? survivorStep(base, points, wins, losses, rules)
      : base.entrants.map((entrant, i): Standing => ({
          entrant,
          points: entrant.points + points[i]!,
          wins: entrant.wins + wins[i]!,
          livePoints: points[i]!,
          tier: 0,
        }));
  standings.sort(
    (a, b) =>
      a.tier - b.tier || b.points - a.points || b.wins - a.wins || a.entrant.nameOrder - b.entrant.nameOrder,
  );
  let rank = 0;
  return standings.map((standing, index) => {
    const previous = standings[index - 1];
    const tied =
      previous !== undefined &&
      previous.tier === standing.tier &&
      previous.points === standing.points &&
      previous.wins === standing.wins;
    if (!tied) rank = index + 1;
    const { entrant } = standing;
    return {
      rank,
      officialRank: entrant.officialRank,
      userId: entrant.userId,
      firstName: entrant.firstName,
      lastName: entrant.lastName,
      displayName: entrant.displayName,
      profileImageUrl: entrant.profileImageUrl,
      totalPoints: standing.points,
      officialPoints: entrant.points,
      livePoints: standing.livePoints,
      wins: standing.wins,
      ...standing.survivor,
    };
  });
}

/** Elimination "period" of a player still in: after every real one (the official board's order). */
const stillIn = Number.MAX_SAFE_INTEGER;

/**
 * Survivor's fold one step on, with the matchweek as if it completed now: each active player's score
 * is its official points so far plus the provisional ones; the rule strikes (and on the last strike
 * eliminates), unless every active player would be eliminated (a rollover: nobody is struck).
 */
function survivorStep(
  base: LiveBase,
  points: Int32Array,
  wins: Int32Array,
  losses: Int32Array,
  rules: PoolRules,
): Standing[] {
  const scores = base.entrants.map((entrant, i) => ({
    userId: entrant.userId,
    periodId: base.periodId,
    points: (entrant.periodPoints ?? 0) + points[i]!,
    wins: (entrant.periodWins ?? 0) + wins[i]!,
    picks: 0,
    hasLosingPick: (entrant.periodLosses ?? 0) + losses[i]! > 0,
  }));
  const active = (entrant: LiveEntrant) => (entrant.eliminatedInPeriod ?? null) === null;
  const struck = base.entrants.map((entrant, i) => active(entrant) && isStrike(scores[i], rules));
  const eliminating = base.entrants.filter(
    (entrant, i) => struck[i] && strikeEliminates(entrant.strikeCount ?? 0, rules),
  ).length;
  const rollover = isRollover(base.entrants.filter(active).length, eliminating);
  return base.entrants.map((entrant, i) => {
    const strikeCount = entrant.strikeCount ?? 0;
    const wouldStrike = struck[i]! && !rollover;
    const wouldBeEliminated = wouldStrike && strikeEliminates(strikeCount, rules);
    const playing = active(entrant);
    const out = wouldBeEliminated ? base.periodId : (entrant.eliminatedInPeriod ?? stillIn);
    return {
      entrant,
      points: entrant.points + (playing ? scores[i]!.points : 0),
      wins: entrant.wins + (playing ? scores[i]!.wins : 0),
      livePoints: playing ? scores[i]!.points : 0,
      tier: -out,
      survivor: { strikeCount, isEliminated: !playing, wouldStrike, wouldBeEliminated },
    };
  });
}
