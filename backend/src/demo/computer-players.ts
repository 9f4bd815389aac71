import type { Option, PoolRules } from '@treble/contracts';

/*
 * The demo's computer players: each picks three options of a period the way a kind of human
 * player would. Pure: the options (as the API serves them to that player), the rules and a random
 * source arrive as arguments, so the choices are testable and a seeded demo repeats itself.
 */

export type PickStyle = 'favourites' | 'home-comforts' | 'underdogs' | 'scattergun';

export interface ComputerPlayer {
  firstName: string;
  lastName: string;
  email: string;
  style: PickStyle;
}

/** A rough pre-season view of each 2025-26 club's strength (1 weak … 10 strong): opinion, not data. */
const strength: Record<string, number> = {
  LIV: 9,
  ARS: 9,
  MCI: 9,
  CHE: 8,
  NEW: 7,
  AVL: 7,
  TOT: 6,
  MUN: 6,
  BHA: 6,
  NOT: 6,
  CRY: 6,
  BOU: 5,
  FUL: 5,
  BRE: 5,
  EVE: 5,
  WHU: 4,
  WOL: 4,
  LEE: 3,
  SUN: 3,
  BUR: 2,
};
const unknownStrength = 5;

export const computerPlayers: readonly ComputerPlayer[] = [
  { firstName: 'Ada', lastName: 'Byrne', email: 'ada@demo.treble', style: 'favourites' },
  { firstName: 'Bilal', lastName: 'Okafor', email: 'bilal@demo.treble', style: 'home-comforts' },
  { firstName: 'Chloe', lastName: 'Marsh', email: 'chloe@demo.treble', style: 'underdogs' },
  { firstName: 'Dev', lastName: 'Raman', email: 'dev@demo.treble', style: 'scattergun' },
  { firstName: 'Ellie', lastName: 'Fraser', email: 'ellie@demo.treble', style: 'favourites' },
  { firstName: 'Femi', lastName: 'Adeyemi', email: 'femi@demo.treble', style: 'home-comforts' },
  { firstName: 'Greta', lastName: 'Lindqvist', email: 'greta@demo.treble', style: 'scattergun' },
  { firstName: 'Hamish', lastName: 'Doyle', email: 'hamish@demo.treble', style: 'underdogs' },
  { firstName: 'Ines', lastName: 'Carvalho', email: 'ines@demo.treble', style: 'favourites' },
  { firstName: 'Jonas', lastName: 'Weber', email: 'jonas@demo.treble', style: 'home-comforts' },
  { firstName: 'Kemi', lastName: 'Balogun', email: 'kemi@demo.treble', style: 'scattergun' },
  { firstName: 'Luca', lastName: 'Romano', email: 'luca@demo.treble', style: 'underdogs' },
];

/** A small seeded generator (Marsaglia's xorshift32), so a demo run can be repeated exactly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4_294_967_296;
  };
}

/** How much a player of this style likes an option (higher is likelier). */
function appeal(option: Option, style: PickStyle): number {
  const own = strength[option.teamKey.toUpperCase()] ?? unknownStrength;
  const opponent = option.fixture
    ? (strength[option.fixture.opponentCode.toUpperCase()] ?? unknownStrength)
    : unknownStrength;
  const home = option.fixture?.isHome ?? false;
  switch (style) {
    case 'favourites':
      return Math.max(0.2, own - opponent + 5) ** 2;
    case 'home-comforts':
      return (home ? 3 : 1) * own;
    case 'underdogs':
      return own - opponent < 0 ? 6 + (opponent - own) : 1;
    case 'scattergun':
      return 1;
  }
}

/**
 * The options a computer player adds now: open ones (not locked, fixture going ahead, team not
 * used up, not already picked), up to the period's free slots, drawn by the style's appeal. Teams
 * the player still needs for the season's minimum weigh a little more, as a careful human would.
 */
export function choosePicks(
  options: readonly Option[],
  style: PickStyle,
  limits: Pick<PoolRules, 'picksPerPeriod' | 'maxUsesPerTeam' | 'minUsesPerTeam'>,
  random: () => number,
): Option[] {
  const free = limits.picksPerPeriod - options.filter((option) => option.choiceId !== null).length;
  const open = options.filter(
    (option) =>
      option.choiceId === null &&
      !option.isLocked &&
      (option.fixture === null || option.fixture.status === 'SCHEDULED') &&
      option.usageCount < limits.maxUsesPerTeam,
  );
  const chosen: Option[] = [];
  const pool = open.map((option) => ({
    option,
    weight: appeal(option, style) * (option.usageCount < limits.minUsesPerTeam ? 1.25 : 1),
  }));
  while (chosen.length < free && pool.length > 0) {
    const total = pool.reduce((sum, entry) => sum + entry.weight, 0);
    let ticket = random() * total;
    let index = pool.findIndex((entry) => (ticket -= entry.weight) < 0);
    if (index < 0) index = pool.length - 1;
    chosen.push(pool[index]!.option);
    pool.splice(index, 1);
  }
  return chosen;
}
