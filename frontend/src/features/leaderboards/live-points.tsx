import { useQuery } from '@tanstack/react-query';
import {
  provisionalOutcome,
  type LiveMatch,
  type LiveMatchState,
  type Option,
  type PoolRules,
} from '@treble/contracts';
import { useMemo } from 'react';
import { usePoolRules } from '../../api/rules';
import { liveBoardQueryOptions } from '../../api/standings';
import './live-board.css';

/*
 * What the pages of picks (the dashboard, Your Picks) show of the matches being played: kept apart
 * from the live table (live-board.tsx) and its switch, which those pages do not load.
 */

export const stateLabels: Record<LiveMatchState, string> = {
  'in-play': 'Live',
  'half-time': 'HT',
  'extra-time': 'ET',
  penalties: 'Pens',
  'full-time': 'FT',
};

/** The current score of each match being played (or awaiting its result), by fixture id. */
export function useLiveMatches(): ReadonlyMap<string, LiveMatch> {
  const { data } = useQuery(liveBoardQueryOptions('overall'));
  return useMemo(
    () => new Map(data?.live ? data.matches.map((match) => [match.fixtureId, match]) : []),
    [data],
  );
}

/**
 * A period's points while its matches are played: the picks whose match is being played, the
 * points if every score held (those with a result count theirs), and the most the period can
 * still reach (a win for every pick without a result).
 */
export function livePeriodPoints(
  picks: readonly Option[],
  matches: ReadonlyMap<string, LiveMatch>,
  points: PoolRules['points'],
): { inPlay: number; ifTheyHold: number; stillPossible: number } {
  let inPlay = 0;
  let ifTheyHold = 0;
  let stillPossible = 0;
  for (const pick of picks) {
    if (pick.result) {
      ifTheyHold += pick.result.points;
      stillPossible += pick.result.points;
      continue;
    }
    stillPossible += points.win;
    const match = pick.fixture ? matches.get(pick.fixture.fixtureId) : undefined;
    if (!match || !pick.fixture) continue;
    inPlay += 1;
    ifTheyHold += points[provisionalOutcome(pick.fixture.isHome, match.homeScore, match.awayScore)];
  }
  return { inPlay, ifTheyHold, stillPossible };
}

/** The period's points if every score held, for its picks (nothing while none is being played). */
export function LivePeriodPoints({ picks }: { picks: readonly Option[] }) {
  const rules = usePoolRules();
  const { inPlay, ifTheyHold, stillPossible } = livePeriodPoints(picks, useLiveMatches(), rules.points);
  if (inPlay === 0) return null;
  return (
    <p className="period-points period-points--live" data-testid="period-live" aria-live="polite">
      <strong>{ifTheyHold === 1 ? '1 point' : `${ifTheyHold} points`}</strong> if the scores hold
      <span className="muted"> · up to {stillPossible} still possible (provisional)</span>
    </p>
  );
}

/** Whether a match of the pool's matchweek is being played now (the Overall live table says). */
export function useMatchesInPlay(enabled: boolean): boolean {
  const { data } = useQuery({ ...liveBoardQueryOptions('overall'), enabled });
  return enabled && data?.live === true;
}
