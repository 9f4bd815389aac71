import {
  defaultSegment,
  type Movement,
  type PlayerImpact,
  type PoolRules,
  type StandingFigures,
  type SurvivorFigures,
} from '@treble/contracts';
import type { PicksEvent } from '../../picks/domain/index.js';
import { SEASON_STARTED, type SeasonStartedData } from '../../shared/domain/season-scope.js';
import {
  evolvePeriod,
  initialPeriodState,
  periodEventTypes,
  type PeriodEvent,
  type PeriodState,
} from '../../season/domain/index.js';
import {
  last10Standings,
  type Last10Row,
  overallEntrants,
  overallStandings,
  type OptionOutcome,
  type PeriodInfo,
  periodScores,
  type ScoredPick,
  type StandingRow,
  type StandingsUser,
  survivorStandings,
  type SurvivorRow,
} from '../../standings/domain/index.js';

/** An event as the fold needs it: its type and data (metadata plays no part in the standings). */
export interface HistoryEvent {
  type: string;
  data: unknown;
}

export interface PoolStandings {
  overall: StandingRow[];
  last10: Last10Row[];
  survivor: SurvivorRow[];
}

const periodTypes = new Set<string>(periodEventTypes);

/**
 * The facts the standings are made of, folded from the event log: every period's state (through the
 * season context's own `evolvePeriod`, results and pending results included) and every pick that
 * still counts for scoring. Unlike the picks decider's state, a voided pick stays (it scores 0 and
 * keeps its player an entrant, standings/domain/README.md).
 *
 * Mutable on purpose: a fold over millions of events must not copy a map per event. `clone` gives
 * an independent copy for a what-if.
 */
export class PoolHistory {
  private constructor(
    private readonly periods: Map<number, PeriodState>,
    private readonly picks: Map<string, ScoredPick>,
  ) {}

  static empty(): PoolHistory {
    return new PoolHistory(new Map(), new Map());
  }

  clone(): PoolHistory {
    return new PoolHistory(new Map(this.periods), new Map(this.picks));
  }

  period(periodId: number): PeriodState {
    return this.periods.get(periodId) ?? initialPeriodState();
  }

  apply(event: HistoryEvent): void {
    if (event.type === SEASON_STARTED) {
      // The next season starts from nothing: the fold is of the season the pool plays.
      if ((event.data as SeasonStartedData).previous !== null) {
        this.periods.clear();
        this.picks.clear();
      }
      return;
    }
    if (periodTypes.has(event.type)) {
      const periodId = (event.data as { periodId?: unknown }).periodId;
      if (typeof periodId !== 'number') return;
      this.periods.set(periodId, evolvePeriod(this.period(periodId), event as PeriodEvent));
      return;
    }
    const picksEvent = event as PicksEvent;
    switch (picksEvent.type) {
      case 'ChoiceMade': {
        const { choiceId, userId, periodId, optionId } = picksEvent.data;
        if (!this.picks.has(choiceId)) this.picks.set(choiceId, { userId, periodId, optionId });
        return;
      }
      case 'RetroactiveChoicesMade': {
        const { userId, periodId, choices } = picksEvent.data;
        for (const choice of choices) {
          if (!this.picks.has(choice.choiceId))
            this.picks.set(choice.choiceId, { userId, periodId, optionId: choice.optionId });
        }
        return;
      }
      case 'ChoiceWithdrawn':
        this.picks.delete(picksEvent.data.choiceId);
        return;
      case 'ChoiceVoided': {
        const pick = this.picks.get(picksEvent.data.choiceId);
        if (pick) this.picks.set(picksEvent.data.choiceId, { ...pick, voided: true });
        return;
      }
      case 'PeriodChoicesCleared':
        for (const choiceId of picksEvent.data.choiceIds) this.picks.delete(choiceId);
        return;
      default:
        // Accounts, prizes and every other context: nothing the standings are made of.
        return;
    }
  }

  applyAll(events: Iterable<HistoryEvent>): this {
    for (const event of events) this.apply(event);
    return this;
  }

  /** The three competitions by the standings context's reference rules. */
  standings(users: readonly StandingsUser[], rules: PoolRules): PoolStandings {
    const picks = [...this.picks.values()];
    const results: OptionOutcome[] = [];
    const periods: PeriodInfo[] = [];
    for (const [id, state] of this.periods) {
      for (const [optionId, result] of state.results.results)
        results.push({ optionId, outcome: result.outcome });
      periods.push({
        id,
        segment: state.segment ?? defaultSegment(id, rules),
        isCompleted: state.isCompleted,
      });
    }
    const scores = periodScores(picks, results, rules);
    return {
      overall: overallStandings(users, scores),
      last10: last10Standings(users, periods, scores, rules),
      survivor: survivorStandings(overallEntrants(users, scores), periods, scores, rules),
    };
  }
}

const figures = (row: StandingRow): StandingFigures => ({
  rank: row.rank,
  points: row.points,
  wins: row.wins,
});
const survivorFigures = (row: SurvivorRow): SurvivorFigures => ({
  ...figures(row),
  isEliminated: row.isEliminated,
  strikeCount: row.strikeCount,
  eliminatedInPeriod: row.eliminatedInPeriod,
});

function movements<R extends StandingRow, F>(
  before: readonly R[],
  after: readonly R[],
  pick: (row: R) => F,
): Map<string, Movement<F>> {
  const was = new Map(before.map((row) => [row.userId, pick(row)]));
  const is = new Map(after.map((row) => [row.userId, pick(row)]));
  const moved = new Map<string, Movement<F>>();
  for (const userId of new Set([...was.keys(), ...is.keys()])) {
    const movement = { before: was.get(userId) ?? null, after: is.get(userId) ?? null };
    if (JSON.stringify(movement.before) !== JSON.stringify(movement.after)) moved.set(userId, movement);
  }
  return moved;
}

/**
 * Who moves between two standings: every player whose rank, points, winning picks or survivor
 * status differ in any competition, listed in the order of the Overall standings after the change.
 */
export function standingsImpact(before: PoolStandings, after: PoolStandings): PlayerImpact[] {
  const overall = movements(before.overall, after.overall, figures);
  const last10 = movements(before.last10, after.last10, figures);
  const survivor = movements(before.survivor, after.survivor, survivorFigures);
  const names = new Map<string, string>();
  for (const row of [...before.overall, ...after.overall, ...before.survivor, ...after.survivor])
    names.set(row.userId, row.displayName);
  const order = new Map<string, number>();
  [...after.overall, ...before.overall].forEach((row, index) => {
    if (!order.has(row.userId)) order.set(row.userId, index);
  });
  const userIds = [...new Set([...overall.keys(), ...last10.keys(), ...survivor.keys()])];
  userIds.sort((a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity) || (a < b ? -1 : 1));
  return userIds.map((userId) => ({
    userId,
    displayName: names.get(userId) ?? userId,
    overall: overall.get(userId) ?? null,
    last10: last10.get(userId) ?? null,
    survivor: survivor.get(userId) ?? null,
  }));
}
