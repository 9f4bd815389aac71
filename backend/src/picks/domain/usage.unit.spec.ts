import { describe, expect, it } from '@jest/globals';
import { defaultRules, type PoolRules } from '@treble/contracts';
import type { PicksEvent } from './picks.events.js';
import { evolvePicks, initialPicksState, type PicksState } from './picks.state.js';
import { usageGuidance } from './usage.js';

const made = (choiceId: string, teamKey: string, periodId: number): PicksEvent => ({
  type: 'ChoiceMade',
  data: { choiceId, userId: 'u1', periodId, optionId: `${teamKey}-${periodId}`, teamKey, teamName: teamKey },
});
const given = (...events: PicksEvent[]): PicksState => events.reduce(evolvePicks, initialPicksState());
const teams = ['ARS', 'CHE', 'LIV'].map((teamKey) => ({ teamKey, teamName: teamKey }));
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

describe('usageGuidance', () => {
  it('has nothing to warn about while the minimum is within reach', () => {
    const state = given(made('1', 'ARS', 1), made('2', 'ARS', 2), made('3', 'CHE', 1));
    expect(usageGuidance(state, teams, defaultRules, range(3, 38))).toEqual({ shortfall: 0, warning: null });
  });

  it('warns when the free slots can no longer cover the uses still needed', () => {
    // 3 teams need 4 uses each = 12; two open periods give 6 slots.
    const guidance = usageGuidance(given(), teams, defaultRules, [37, 38]);
    expect(guidance.shortfall).toBe(6);
    expect(guidance.warning).toContain(
      'You still need 12 picks to use every team at least 4 times, but only 6 picks are left.',
    );
  });

  it('counts only the free slots of periods already planned ahead', () => {
    const rules: PoolRules = { ...defaultRules, minUsesPerTeam: 1 };
    const planned = given(made('1', 'MCI', 38), made('2', 'TOT', 38), made('3', 'NEW', 38));
    expect(usageGuidance(given(), teams, rules, [38]).shortfall).toBe(0);
    const guidance = usageGuidance(planned, teams, rules, [38]);
    expect(guidance.shortfall).toBe(3);
    expect(guidance.warning).toContain('but only 0 picks are left.');
  });

  it('knows a team gains at most one use per period', () => {
    // Plenty of slots in total (30), but LIV needs 4 uses and only 3 periods are left.
    const rules: PoolRules = { ...defaultRules, picksPerPeriod: 10 };
    const state = given(
      ...range(1, 4).map((p) => made(`a${p}`, 'ARS', p)),
      ...range(1, 4).map((p) => made(`c${p}`, 'CHE', p)),
    );
    const guidance = usageGuidance(state, teams, rules, [36, 37, 38]);
    expect(guidance.shortfall).toBe(1);
    expect(guidance.warning).toBe('LIV needs 4 more but can be picked in only 3 more periods.');
  });

  it('has no minimum when the host turned it off', () => {
    const rules: PoolRules = { ...defaultRules, minUsesEnforcement: 'off' };
    expect(usageGuidance(given(), teams, rules, [])).toEqual({ shortfall: 0, warning: null });
  });
});
