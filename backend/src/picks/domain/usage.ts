import type { PoolRules } from '@treble/contracts';
import { type PicksState, usesOf } from './picks.state.js';

/** A team the minimum applies to (the season's clubs); custom options outside this list have only the cap. */
export interface TeamRef {
  teamKey: string;
  teamName: string;
}

export interface UsageGuidance {
  /**
   * A lower bound on the uses of the minimum that can no longer be covered; 0 means the minimum can
   * still be met. The decider compares it before and after a pick.
   */
  shortfall: number;
  warning: string | null;
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/**
 * Whether the player can still use every team `minUsesPerTeam` times and, if not, why.
 *
 * `openPeriodIds`: the periods (the current one included) in which the player may still add picks,
 * i.e. not completed and not ended. Their free slots come from the state, so periods already
 * planned ahead count only what is left in them.
 *
 * Two conditions must hold: the free slots cover the uses still needed in total, and each team
 * needs no more uses than the open periods it can still be picked in (one option per team per
 * period, so one use per period). They are necessary; with equal free slots in every open period
 * they are also sufficient (Gale–Ryser), otherwise they may miss a rare impossible case, which only
 * makes the "reject" setting more lenient, never wrongly strict.
 */
export function usageGuidance(
  state: PicksState,
  teams: readonly TeamRef[],
  rules: PoolRules,
  openPeriodIds: readonly number[],
): UsageGuidance {
  const minimumApplies = rules.minUsesEnforcement !== 'off';
  const openPeriods = [...new Set(openPeriodIds)];

  const picked = new Map(openPeriods.map((id) => [id, { count: 0, teams: new Set<string>() }]));
  for (const choice of state.choices.values()) {
    const period = picked.get(choice.periodId);
    if (period === undefined) continue;
    period.count += 1;
    period.teams.add(choice.teamKey);
  }
  const freeSlots = (periodId: number): number =>
    Math.max(0, rules.picksPerPeriod - (picked.get(periodId)?.count ?? 0));
  const openSlots = openPeriods.reduce((sum, id) => sum + freeSlots(id), 0);

  const rows = teams
    .filter((team, index) => teams.findIndex((other) => other.teamKey === team.teamKey) === index)
    .map((team) => ({
      teamName: team.teamName,
      needed: minimumApplies ? Math.max(0, rules.minUsesPerTeam - usesOf(state, team.teamKey)) : 0,
      // Open periods in which this team can still gain a use: a free slot and not already picked there.
      periodsLeft: openPeriods.filter((id) => freeSlots(id) > 0 && !picked.get(id)?.teams.has(team.teamKey))
        .length,
    }));

  const neededTotal = rows.reduce((sum, row) => sum + row.needed, 0);
  const slotShortfall = Math.max(0, neededTotal - openSlots);
  const shortTeams = rows.filter((row) => row.needed > row.periodsLeft);
  const teamShortfall = shortTeams.reduce((sum, row) => sum + (row.needed - row.periodsLeft), 0);
  // Each count is a lower bound on the uses that can no longer be covered; the larger one is the better bound.
  const shortfall = Math.max(slotShortfall, teamShortfall);

  const warnings: string[] = [];
  if (slotShortfall > 0) {
    warnings.push(
      `You still need ${plural(neededTotal, 'pick')} to use every team at least ${plural(rules.minUsesPerTeam, 'time')}, but only ${plural(openSlots, 'pick')} ${openSlots === 1 ? 'is' : 'are'} left.`,
    );
  }
  for (const row of shortTeams) {
    warnings.push(
      `${row.teamName} needs ${row.needed} more but can be picked in only ${plural(row.periodsLeft, 'more period')}.`,
    );
  }

  return { shortfall, warning: warnings.length > 0 ? warnings.join(' ') : null };
}
