import { describe, expect, it } from '@jest/globals';
import { defaultRules } from '@treble/contracts';
import type { PicksEvent } from './picks.events.js';
import { evolvePicks, initialPicksState } from './picks.state.js';
import { usageGuidance } from './usage.js';

const made = (choiceId: string, teamKey: string, periodId: number): PicksEvent => ({
  type: 'ChoiceMade',
  data: { choiceId, userId: 'u1', periodId, optionId: `${teamKey}-${periodId}`, teamKey, teamName: teamKey },
});

describe('usageGuidance near the end of a season', () => {
  it('warns once per team, with one free pick left, in sentences that read right', () => {
    const state = [made('1', 'BUR', 38), made('2', 'FUL', 38)].reduce(evolvePicks, initialPicksState());
    const teams = ['ARS', 'CHE', 'ARS'].map((teamKey) => ({ teamKey, teamName: teamKey }));
    const guidance = usageGuidance(state, teams, defaultRules, [38]);
    const needed = defaultRules.minUsesPerTeam;
    // 2 × needed uses still needed, 1 slot left; each team short by needed − 1.
    expect(guidance.shortfall).toBe(2 * needed - 1);
    expect(guidance.warning).toBe(
      `You still need ${2 * needed} picks to use every team at least ${needed} times, but only 1 pick is left. ` +
        `ARS needs ${needed} more but can be picked in only 1 more period. ` +
        `CHE needs ${needed} more but can be picked in only 1 more period.`,
    );
  });
});
