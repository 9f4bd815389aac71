import { describe, it } from '@jest/globals';
import { defaultRules, ErrorCodes, type PoolRules } from '@treble/contracts';
import { deciderSpec } from '../../../test/support/decider-spec.js';
import { decideMakeChoice, decideMakeRetroactiveChoices } from './decide-picks.js';
import type { MakeChoice, MakeRetroactiveChoices, OptionView, PicksContexts } from './picks.commands.js';
import type { PicksEvent } from './picks.events.js';
import { evolvePicks, initialPicksState, type PicksState } from './picks.state.js';

/*
 * Usage rules, each written so that the small code change that would break it (a mutant StrykerJS
 * found alive, see the README's "Mutation testing") fails here.
 */

const spec = deciderSpec<
  MakeChoice | MakeRetroactiveChoices,
  PicksState,
  PicksEvent,
  PicksContexts['MakeChoice'] | PicksContexts['MakeRetroactiveChoices']
>({
  initialState: initialPicksState,
  evolve: evolvePicks,
  decide: (command, state, context) =>
    command.type === 'MakeChoice'
      ? decideMakeChoice(command, state, context as PicksContexts['MakeChoice'])
      : decideMakeRetroactiveChoices(command, state, context as PicksContexts['MakeRetroactiveChoices']),
});

const user = 'u1';
const names: Record<string, string> = { ARS: 'Arsenal', CHE: 'Chelsea', LIV: 'Liverpool', MCI: 'Man City' };
let next = 0;
const made = (teamKey: string, periodId: number, optionId = `${periodId}-${teamKey}`): PicksEvent => ({
  type: 'ChoiceMade',
  data: { choiceId: `c${++next}`, userId: user, periodId, optionId, teamKey, teamName: names[teamKey]! },
});
const option = (teamKey: string, periodId: number, id = `${periodId}-${teamKey}`): OptionView => ({
  id,
  periodId,
  teamKey,
  teamName: names[teamKey]!,
  lockAt: new Date('2025-09-13T14:00:00Z'),
  status: 'available',
});

describe('retroactive picks and the cap on uses per team', () => {
  // A double matchweek: Arsenal play twice in period 30, so two options of period 30 are Arsenal.
  const doubleWeek = [option('ARS', 30, '30-ARS'), option('ARS', 30, '30-ARS2'), option('CHE', 30)];
  const retroactive: MakeRetroactiveChoices = {
    type: 'MakeRetroactiveChoices',
    userId: user,
    periodId: 30,
    optionIds: ['30-ARS', '30-ARS2', '30-CHE'],
  };
  const context: PicksContexts['MakeRetroactiveChoices'] = {
    rules: defaultRules,
    periodEnded: true,
    options: doubleWeek,
    choiceIds: ['r1', 'r2', 'r3'],
  };
  const arsenalUses = (count: number) => Array.from({ length: count }, (_, index) => made('ARS', index + 1));

  it('counts two options of one team as two uses, so the cap of 7 cannot be passed', () => {
    spec
      .given(arsenalUses(6))
      .when(retroactive, context)
      .thenRefused(
        ErrorCodes.TEAM_USAGE_CAP_REACHED,
        'Arsenal has been used 6 times; each team can be used at most 7 times per season.',
      );
  });

  it('accepts both when they reach the cap exactly', () => {
    spec
      .given(arsenalUses(5))
      .when(retroactive, context)
      .then([
        {
          type: 'RetroactiveChoicesMade',
          data: {
            userId: user,
            periodId: 30,
            choices: [
              { choiceId: 'r1', optionId: '30-ARS', teamKey: 'ARS', teamName: 'Arsenal' },
              { choiceId: 'r2', optionId: '30-ARS2', teamKey: 'ARS', teamName: 'Arsenal' },
              { choiceId: 'r3', optionId: '30-CHE', teamKey: 'CHE', teamName: 'Chelsea' },
            ],
          },
        },
      ]);
  });
});

describe("the minimum uses per team, enforced ('reject')", () => {
  const rules = (picksPerPeriod: number, minUsesPerTeam: number): PoolRules => ({
    ...defaultRules,
    picksPerPeriod,
    minUsesPerTeam,
    minUsesEnforcement: 'reject',
  });
  const teams = Object.entries(names).map(([teamKey, teamName]) => ({ teamKey, teamName }));
  const pick = (teamKey: string, periodId: number) =>
    ({ type: 'MakeChoice', userId: user, periodId, optionId: `${periodId}-${teamKey}` }) as const;
  const when = (
    given: PicksEvent[],
    teamKey: string,
    periodId: number,
    pool: PoolRules,
    openPeriodIds: number[],
  ) =>
    spec.given(given).when(pick(teamKey, periodId), {
      now: new Date('2025-09-13T10:00:00Z'),
      rules: pool,
      period: { id: periodId, isActive: true, isCompleted: false },
      option: option(teamKey, periodId),
      choiceId: 'new',
      minimumUses: { teams: teams.slice(0, 3), openPeriodIds },
    });
  const chosen = (teamKey: string, periodId: number): PicksEvent => ({
    type: 'ChoiceMade',
    data: {
      choiceId: 'new',
      userId: user,
      periodId,
      optionId: `${periodId}-${teamKey}`,
      teamKey,
      teamName: names[teamKey]!,
    },
  });

  it('knows a full period gives no team another use', () => {
    // Two picks a period, two uses each. Arsenal and Liverpool have theirs; Chelsea needs two and
    // periods 3 and 4 are open, with one slot left in period 4.
    const history = [made('ARS', 1), made('LIV', 1), made('ARS', 2), made('LIV', 2), made('ARS', 4)];
    when(history, 'LIV', 4, rules(2, 2), [3, 4]).thenRefused(ErrorCodes.MIN_USES_UNREACHABLE);
    when(history, 'CHE', 4, rules(2, 2), [3, 4]).then([chosen('CHE', 4)]);
  });

  it('knows a team already picked in a period gains no second use there', () => {
    // Three picks a period, two uses each. Chelsea (one use, in period 3) can gain its second use
    // only in period 2, whose last slot an Arsenal pick would take.
    const history = [made('ARS', 1), made('LIV', 1), made('LIV', 2), made('MCI', 2), made('CHE', 3)];
    when(history, 'ARS', 2, rules(3, 2), [2, 3]).thenRefused(ErrorCodes.MIN_USES_UNREACHABLE);
    when(history, 'CHE', 2, rules(3, 2), [2, 3]).then([chosen('CHE', 2)]);
  });

  it('still allows, once the minimum is out of reach, a pick of a team that needs uses', () => {
    // One pick a period, two uses each, two open periods: out of reach already.
    when([], 'LIV', 1, rules(1, 2), [1, 2]).then([chosen('LIV', 1)]);
  });
});
