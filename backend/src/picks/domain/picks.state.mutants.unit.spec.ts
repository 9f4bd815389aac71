import { describe, expect, it } from '@jest/globals';
import type { PicksEvent } from './picks.events.js';
import { evolvePicks, initialPicksState, usesOf } from './picks.state.js';

const made = (choiceId: string, teamKey: string, periodId: number): PicksEvent => ({
  type: 'ChoiceMade',
  data: { choiceId, userId: 'u1', periodId, optionId: `${teamKey}-${periodId}`, teamKey, teamName: teamKey },
});
const withdrawn = (choiceId: string, teamKey: string, periodId: number): PicksEvent => ({
  type: 'ChoiceWithdrawn',
  data: { choiceId, userId: 'u1', periodId, optionId: `${teamKey}-${periodId}`, teamKey },
});

describe('picks state', () => {
  it('keeps the very same state for a withdrawal of a pick it does not have', () => {
    const state = [made('c1', 'ARS', 1)].reduce(evolvePicks, initialPicksState());
    expect(evolvePicks(state, withdrawn('c9', 'ARS', 1))).toBe(state);
  });

  it('lists a team among the used ones only while a pick of it counts', () => {
    const state = [
      made('c1', 'ARS', 1),
      made('c2', 'ARS', 2),
      made('c3', 'CHE', 2),
      withdrawn('c1', 'ARS', 1),
    ].reduce(evolvePicks, initialPicksState());
    expect(usesOf(state, 'ARS')).toBe(1);
    const after = evolvePicks(state, withdrawn('c2', 'ARS', 2));
    expect([...after.usage]).toEqual([['CHE', 1]]);
  });

  it('refuses to fold an event it does not know', () => {
    expect(() =>
      evolvePicks(initialPicksState(), { type: 'ChoiceRenamed', data: {} } as unknown as PicksEvent),
    ).toThrow('Unexpected value');
  });
});
