import { describe, expect, it } from '@jest/globals';
import type { PicksEvent } from './picks.events.js';
import { activeChoicesInPeriod, evolvePicks, initialPicksState, usesOf } from './picks.state.js';

const made = (choiceId: string, teamKey: string, periodId: number): PicksEvent => ({
  type: 'ChoiceMade',
  data: { choiceId, userId: 'u1', periodId, optionId: `${teamKey}-${periodId}`, teamKey, teamName: teamKey },
});

describe('evolvePicks', () => {
  it('keeps the active choices per period and the uses per team', () => {
    const state = [made('1', 'ARS', 1), made('2', 'CHE', 1), made('3', 'ARS', 2)].reduce(
      evolvePicks,
      initialPicksState(),
    );
    expect(activeChoicesInPeriod(state, 1).map((choice) => choice.choiceId)).toEqual(['1', '2']);
    expect(usesOf(state, 'ARS')).toBe(2);
    expect(usesOf(state, 'CHE')).toBe(1);
  });

  it('does not count a pick twice or refund a pick twice when events repeat', () => {
    const events: PicksEvent[] = [
      made('1', 'ARS', 1),
      made('1', 'ARS', 1),
      made('2', 'ARS', 2),
      {
        type: 'ChoiceWithdrawn',
        data: { choiceId: '2', userId: 'u1', periodId: 2, optionId: 'ARS-2', teamKey: 'ARS' },
      },
      {
        type: 'ChoiceWithdrawn',
        data: { choiceId: '2', userId: 'u1', periodId: 2, optionId: 'ARS-2', teamKey: 'ARS' },
      },
    ];
    const state = events.reduce(evolvePicks, initialPicksState());
    expect(usesOf(state, 'ARS')).toBe(1);
  });
});
