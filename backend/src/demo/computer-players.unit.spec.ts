import { describe, expect, it } from '@jest/globals';
import { defaultRules, type Option } from '@treble/contracts';
import { choosePicks, seededRandom } from './computer-players.js';

function option(team: string, opponent: string, isHome: boolean, extra: Partial<Option> = {}): Option {
  return {
    id: `1-${team}`,
    periodId: 1,
    name: team,
    description: null,
    sortOrder: 1,
    teamKey: team,
    shortName: team,
    fixture: {
      fixtureId: `f-${team}`,
      opponent,
      opponentCode: opponent,
      isHome,
      kickoff: '2025-08-16T14:00:00.000Z',
      status: 'SCHEDULED',
    },
    lockAt: '2025-08-16T14:00:00.000Z',
    isLocked: false,
    usageCount: 0,
    choiceId: null,
    pickCount: null,
    result: null,
    ...extra,
  };
}

const week = [
  option('LIV', 'BOU', true),
  option('BOU', 'LIV', false),
  option('MCI', 'WOL', false),
  option('WOL', 'MCI', true),
  option('ARS', 'BUR', true),
  option('BUR', 'ARS', false),
];

describe('computer players', () => {
  it('fill only the free slots, never with a locked, called-off, used-up or already picked option', () => {
    const offered = [
      option('LIV', 'BOU', true, { choiceId: 'c1' }),
      option('BOU', 'LIV', false, { isLocked: true }),
      option('MCI', 'WOL', false, { usageCount: defaultRules.maxUsesPerTeam }),
      option('WOL', 'MCI', true, { fixture: { ...week[3]!.fixture!, status: 'POSTPONED' } }),
      option('ARS', 'BUR', true),
      option('BUR', 'ARS', false),
      option('CHE', 'FUL', true),
    ];
    const chosen = choosePicks(offered, 'scattergun', defaultRules, seededRandom(7));
    expect(chosen).toHaveLength(2);
    for (const pick of chosen) expect(['ARS', 'BUR', 'CHE']).toContain(pick.teamKey);
    expect(new Set(chosen.map((o) => o.id)).size).toBe(2);
  });

  it('pick nothing when the period is full or nothing is open', () => {
    const full = week.map((o, i) => (i < 3 ? { ...o, choiceId: `c${i}` } : o));
    expect(choosePicks(full, 'favourites', defaultRules, seededRandom(1))).toEqual([]);
    expect(
      choosePicks(
        week.map((o) => ({ ...o, isLocked: true })),
        'favourites',
        defaultRules,
        seededRandom(1),
      ),
    ).toEqual([]);
  });

  it('repeat themselves with the same seed', () => {
    const first = choosePicks(week, 'scattergun', defaultRules, seededRandom(42)).map((o) => o.id);
    const second = choosePicks(week, 'scattergun', defaultRules, seededRandom(42)).map((o) => o.id);
    expect(first).toEqual(second);
    expect(first).toHaveLength(3);
  });

  it('follow their style: favourites back the strong sides, underdogs the weak ones', () => {
    const random = seededRandom(2025);
    const tally = (style: 'favourites' | 'underdogs') => {
      const counts = new Map<string, number>();
      for (let round = 0; round < 300; round++) {
        for (const pick of choosePicks(week, style, { ...defaultRules, picksPerPeriod: 1 }, random)) {
          counts.set(pick.teamKey, (counts.get(pick.teamKey) ?? 0) + 1);
        }
      }
      return counts;
    };
    const favourites = tally('favourites');
    const strong = ['LIV', 'MCI', 'ARS'].reduce((sum, team) => sum + (favourites.get(team) ?? 0), 0);
    expect(strong).toBeGreaterThan(240);
    const underdogs = tally('underdogs');
    const weak = ['BOU', 'WOL', 'BUR'].reduce((sum, team) => sum + (underdogs.get(team) ?? 0), 0);
    expect(weak).toBeGreaterThan(240);
  });
});
