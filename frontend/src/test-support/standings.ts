import type { Last10Entry, LeaderboardEntry, Option, SurvivorEntry, UserStats } from '@treble/contracts';

export function someStats(overrides: Partial<UserStats> = {}): UserStats {
  return {
    overallRank: null,
    last10Rank: null,
    survivorRank: null,
    totalPoints: 0,
    isEliminated: false,
    strikeCount: 0,
    scores: [],
    ...overrides,
  };
}

export function anEntry(
  rank: number,
  name: string,
  overrides: Partial<LeaderboardEntry> = {},
): LeaderboardEntry {
  const [firstName = null, lastName = null] = name.split(' ');
  return {
    rank,
    userId: `user-${name}`,
    firstName,
    lastName,
    email: null,
    profileImageUrl: null,
    displayName: name,
    totalPoints: 30 - rank,
    wins: 5,
    ...overrides,
  };
}

export function aSurvivorEntry(
  rank: number,
  name: string,
  overrides: Partial<SurvivorEntry> = {},
): SurvivorEntry {
  return {
    ...anEntry(rank, name),
    isEliminated: false,
    strikeCount: 0,
    eliminatedInPeriod: null,
    ...overrides,
  };
}

export function aLast10Entry(rank: number, name: string, overrides: Partial<Last10Entry> = {}): Last10Entry {
  return { ...anEntry(rank, name), badge: 'Good', ...overrides };
}

export function anOption(id: string, overrides: Partial<Option> = {}): Option {
  return {
    id,
    periodId: 5,
    name: `Team ${id}`,
    description: null,
    sortOrder: 1,
    teamKey: id,
    shortName: null,
    fixture: null,
    lockAt: null,
    isLocked: false,
    usageCount: 0,
    choiceId: null,
    pickCount: null,
    result: null,
    ...overrides,
  };
}
