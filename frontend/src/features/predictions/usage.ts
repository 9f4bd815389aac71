import { defaultRules, type PoolRules } from '@treble/contracts';

export type UsageTone = 'green' | 'amber' | 'red' | 'grey';

/** docs/rules.md, Screens: green up to 3, amber up to 5, red below the cap, grey at the cap or more. */
export function usageTone(count: number, rules: PoolRules = defaultRules): UsageTone {
  if (count >= rules.maxUsesPerTeam) return 'grey';
  if (count <= 3) return 'green';
  if (count <= 5) return 'amber';
  return 'red';
}

/** "2d 4h", "3h 12m", "45s"; null once the instant has passed. */
export function formatCountdown(targetIso: string, now: number): string | null {
  const ms = new Date(targetIso).getTime() - now;
  if (Number.isNaN(ms) || ms <= 0) return null;
  const seconds = Math.floor(ms / 1000);
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${minutes}m`;
  if (minutes > 0) return `${minutes}m ${seconds % 60}s`;
  return `${seconds}s`;
}

/** How many more uses a team needs to reach the season minimum (0 when met, or when the rule is off). */
export function usesNeeded(usageCount: number, rules: PoolRules = defaultRules): number {
  if (rules.minUsesEnforcement === 'off') return 0;
  return Math.max(0, rules.minUsesPerTeam - usageCount);
}

/**
 * The periods in which a team can still be picked, counting from `periodId`: this one counts only
 * when the option can still be picked now (not locked, not already picked).
 */
export function chancesLeft(
  periodId: number,
  option: { isLocked: boolean; choiceId: string | null },
  rules: PoolRules = defaultRules,
): number {
  const later = Math.max(0, rules.periodsPerSeason - periodId);
  return later + (!option.isLocked && option.choiceId === null ? 1 : 0);
}

/**
 * docs/rules.md "Picks": whether the pick slots left this season can still cover every team's missing
 * uses. `needed` is the sum of `usesNeeded` over the teams; the slots are this period's free ones plus
 * every later period's.
 */
export function minimumStillReachable(
  needed: number,
  periodId: number,
  picksThisPeriod: number,
  rules: PoolRules = defaultRules,
): boolean {
  const slots =
    Math.max(0, rules.picksPerPeriod - picksThisPeriod) +
    Math.max(0, rules.periodsPerSeason - periodId) * rules.picksPerPeriod;
  return needed <= slots;
}
