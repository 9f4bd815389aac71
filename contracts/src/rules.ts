/**
 * The one rules module: every number of the game lives here (docs/rules.md). Hosts change them through
 * configuration; the server reads its effective values from its config and publishes them, and every
 * text that explains a rule is generated from the same values.
 */
export interface PoolRules {
  periodsPerSeason: number;
  last10FirstPeriod: number;
  picksPerPeriod: number;
  maxUsesPerTeam: number;
  minUsesPerTeam: number;
  minUsesEnforcement: 'off' | 'warn' | 'reject';
  points: { win: number; draw: number; loss: number };
  survivor: { mode: 'strikes' | 'loss'; strikeBelow: number; strikesToEliminate: number };
  last10Badges: { hot: number; good: number };
}

export const defaultRules: PoolRules = {
  periodsPerSeason: 38,
  last10FirstPeriod: 29,
  picksPerPeriod: 3,
  maxUsesPerTeam: 7,
  minUsesPerTeam: 4,
  minUsesEnforcement: 'warn',
  points: { win: 3, draw: 1, loss: 0 },
  survivor: { mode: 'strikes', strikeBelow: 4, strikesToEliminate: 3 },
  last10Badges: { hot: 25, good: 20 },
};

export type Segment = 'main' | 'last10';

/** Default segment of a matchweek: the last ten matchweeks form the Last 10 competition. */
export function defaultSegment(matchweek: number, rules: PoolRules = defaultRules): Segment {
  return matchweek >= rules.last10FirstPeriod ? 'last10' : 'main';
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** The survivor rule in words, as configured. */
export function describeSurvivorRule(rules: PoolRules = defaultRules): string {
  const strikes = rules.survivor.strikesToEliminate;
  const out = strikes === 1 ? 'one strike and you are out' : `${strikes} strikes and you are out`;
  if (rules.survivor.mode === 'loss') {
    return `Survivor: a matchweek with a losing pick is a strike; ${out}.`;
  }
  const threshold = rules.survivor.strikeBelow - 1;
  return `Survivor: a matchweek with ${plural(threshold, 'point')} or less is a strike; ${out}.`;
}

/** The team usage rule in words, as configured. */
export function describeUsageRule(rules: PoolRules = defaultRules): string {
  if (rules.minUsesEnforcement === 'off') {
    return `Use each team at most ${rules.maxUsesPerTeam} times over the season.`;
  }
  return `Use each team at most ${rules.maxUsesPerTeam} times, and at least ${rules.minUsesPerTeam} times, over the season.`;
}
