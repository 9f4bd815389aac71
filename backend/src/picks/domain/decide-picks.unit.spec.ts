import { describe, expect, it } from '@jest/globals';
import { defaultRules, ErrorCodes, type PoolRules } from '@treble/contracts';
import { deciderSpec } from '../../../test/support/decider-spec.js';
import {
  decideClearPeriodChoices,
  decideMakeChoice,
  decideMakeRetroactiveChoices,
  decideVoidChoicesOnOption,
  decideWithdrawChoice,
  isLocked,
} from './decide-picks.js';
import type {
  ClearPeriodChoices,
  MakeChoice,
  MakeRetroactiveChoices,
  OptionView,
  PeriodView,
  PicksContexts,
  VoidChoicesOnOption,
  WithdrawChoice,
} from './picks.commands.js';
import type { PicksEvent } from './picks.events.js';
import { evolvePicks, initialPicksState, type PicksState, usesOf } from './picks.state.js';

const user = 'u1';
const now = new Date('2025-08-16T10:00:00Z');
const later = new Date('2025-08-16T14:00:00Z');

const period = (id: number, overrides: Partial<PeriodView> = {}): PeriodView => ({
  id,
  isActive: true,
  isCompleted: false,
  ...overrides,
});

/** Option ids are `{teamKey}-{periodId}`: one option per team per period. */
const option = (teamKey: string, periodId: number, overrides: Partial<OptionView> = {}): OptionView => ({
  id: `${teamKey}-${periodId}`,
  periodId,
  teamKey,
  teamName: `Team ${teamKey}`,
  lockAt: later,
  status: 'available',
  ...overrides,
});

const made = (choiceId: string, teamKey: string, periodId: number): PicksEvent => ({
  type: 'ChoiceMade',
  data: {
    choiceId,
    userId: user,
    periodId,
    optionId: `${teamKey}-${periodId}`,
    teamKey,
    teamName: `Team ${teamKey}`,
  },
});

const withdrawn = (choiceId: string, teamKey: string, periodId: number): PicksEvent => ({
  type: 'ChoiceWithdrawn',
  data: { choiceId, userId: user, periodId, optionId: `${teamKey}-${periodId}`, teamKey },
});

type PicksCommand =
  MakeChoice | WithdrawChoice | ClearPeriodChoices | MakeRetroactiveChoices | VoidChoicesOnOption;
type PicksContextFor<C extends PicksCommand> = C extends ClearPeriodChoices
  ? Record<string, never>
  : PicksContexts[Exclude<C['type'], 'ClearPeriodChoices'>];

/** Each command to its decider, as the handlers call them. */
function decidePicks<C extends PicksCommand>(command: C, state: PicksState, context: PicksContextFor<C>) {
  const cmd: PicksCommand = command;
  switch (cmd.type) {
    case 'MakeChoice':
      return decideMakeChoice(cmd, state, context as PicksContexts['MakeChoice']);
    case 'WithdrawChoice':
      return decideWithdrawChoice(cmd, state, context as PicksContexts['WithdrawChoice']);
    case 'ClearPeriodChoices':
      return decideClearPeriodChoices(cmd, state);
    case 'MakeRetroactiveChoices':
      return decideMakeRetroactiveChoices(cmd, state, context as PicksContexts['MakeRetroactiveChoices']);
    case 'VoidChoicesOnOption':
      return decideVoidChoicesOnOption(cmd, state, context as PicksContexts['VoidChoicesOnOption']);
  }
}

const spec = deciderSpec<PicksCommand, PicksState, PicksEvent, PicksContextFor<PicksCommand>>({
  initialState: initialPicksState,
  evolve: evolvePicks,
  decide: (command, state, context) => decidePicks(command, state, context as never),
});
const given = (...events: PicksEvent[]) => spec.given(events);

const makeChoice = (teamKey: string, periodId = 1) =>
  ({ type: 'MakeChoice', userId: user, periodId, optionId: `${teamKey}-${periodId}` }) as const;

const choiceContext = (
  teamKey: string,
  periodId = 1,
  overrides: Partial<PicksContextFor<ReturnType<typeof makeChoice>>> = {},
): PicksContextFor<ReturnType<typeof makeChoice>> => ({
  now,
  rules: defaultRules,
  period: period(periodId),
  option: option(teamKey, periodId),
  choiceId: 'new',
  ...overrides,
});

describe('MakeChoice', () => {
  it('records the pick with its team', () => {
    given()
      .when(makeChoice('ARS'), choiceContext('ARS'))
      .then([made('new', 'ARS', 1)]);
  });

  it('refuses a completed period with the exact message', () => {
    given()
      .when(makeChoice('ARS'), choiceContext('ARS', 1, { period: period(1, { isCompleted: true }) }))
      .thenRefused(ErrorCodes.PERIOD_COMPLETED, 'This period is completed; picks can no longer change.');
  });

  it('refuses a period that is not active', () => {
    given()
      .when(makeChoice('ARS'), choiceContext('ARS', 1, { period: period(1, { isActive: false }) }))
      .thenRefused(ErrorCodes.PERIOD_NOT_ACTIVE);
  });

  it('refuses an option of another period', () => {
    given()
      .when(
        { ...makeChoice('ARS'), optionId: 'ARS-2' },
        choiceContext('ARS', 1, { option: option('ARS', 2) }),
      )
      .thenRefused(ErrorCodes.OPTION_NOT_IN_PERIOD);
  });

  it('refuses an option that already has a result, even before its kickoff', () => {
    given()
      .when(makeChoice('ARS'), choiceContext('ARS', 1, { option: option('ARS', 1, { hasResult: true }) }))
      .thenRefused(ErrorCodes.OPTION_LOCKED);
  });

  it.each(['postponed', 'cancelled'] as const)('refuses a %s option', (status) => {
    const error = given()
      .when(makeChoice('ARS'), choiceContext('ARS', 1, { option: option('ARS', 1, { status }) }))
      .thenRefused(ErrorCodes.OPTION_UNAVAILABLE);
    expect(error.message).toContain(status);
  });

  it('refuses from kickoff on, accepts until just before it', () => {
    given()
      .when(makeChoice('ARS'), choiceContext('ARS', 1, { now: later }))
      .thenRefused(ErrorCodes.OPTION_LOCKED);
    const justBefore = new Date(later.getTime() - 1);
    given()
      .when(makeChoice('ARS'), choiceContext('ARS', 1, { now: justBefore }))
      .then([made('new', 'ARS', 1)]);
  });

  it('treats an option with no deadline as open', () => {
    expect(isLocked({ lockAt: null }, later)).toBe(false);
    given()
      .when(makeChoice('ARS'), choiceContext('ARS', 1, { option: option('ARS', 1, { lockAt: null }) }))
      .then([made('new', 'ARS', 1)]);
  });

  it('refuses picking the same option twice', () => {
    given(made('c1', 'ARS', 1))
      .when(makeChoice('ARS'), choiceContext('ARS'))
      .thenRefused(ErrorCodes.CHOICE_ALREADY_MADE);
  });

  it('refuses a 4th pick in a period with the exact message', () => {
    const state = given(made('c1', 'ARS', 1), made('c2', 'CHE', 1), made('c3', 'LIV', 1));
    state
      .when(makeChoice('MCI'), choiceContext('MCI'))
      .thenRefused(ErrorCodes.PICKS_PER_PERIOD_EXCEEDED, 'You can only select 3 options per period');
  });

  it('takes the picks per period from the rules', () => {
    const rules: PoolRules = { ...defaultRules, picksPerPeriod: 2 };
    const state = given(made('c1', 'ARS', 1), made('c2', 'CHE', 1));
    state
      .when(makeChoice('LIV'), choiceContext('LIV', 1, { rules }))
      .thenRefused(ErrorCodes.PICKS_PER_PERIOD_EXCEEDED, 'You can only select 2 options per period');
  });

  it('counts picks per period, not per season', () => {
    const state = given(made('c1', 'ARS', 1), made('c2', 'CHE', 1), made('c3', 'LIV', 1));
    state.when(makeChoice('MCI', 2), choiceContext('MCI', 2)).then([made('new', 'MCI', 2)]);
  });

  it('frees the slot of a withdrawn pick', () => {
    const state = given(
      made('c1', 'ARS', 1),
      made('c2', 'CHE', 1),
      made('c3', 'LIV', 1),
      withdrawn('c3', 'LIV', 1),
    );
    state.when(makeChoice('MCI'), choiceContext('MCI')).then([made('new', 'MCI', 1)]);
  });

  describe('team usage cap', () => {
    const sevenUses = Array.from({ length: 7 }, (_, index) => made(`c${index}`, 'ARS', index + 1));

    it('accepts the 7th use and refuses the 8th, naming the team and the cap', () => {
      given(...sevenUses.slice(0, 6))
        .when(makeChoice('ARS', 7), choiceContext('ARS', 7))
        .then([made('new', 'ARS', 7)]);
      const error = given(...sevenUses)
        .when(makeChoice('ARS', 8), choiceContext('ARS', 8))
        .thenRefused(ErrorCodes.TEAM_USAGE_CAP_REACHED);
      expect(error.message).toContain('Team ARS');
      expect(error.message).toContain('at most 7 times');
    });

    it('takes the cap from the rules', () => {
      const rules: PoolRules = { ...defaultRules, maxUsesPerTeam: 2 };
      given(...sevenUses.slice(0, 2))
        .when(makeChoice('ARS', 3), choiceContext('ARS', 3, { rules }))
        .thenRefused(ErrorCodes.TEAM_USAGE_CAP_REACHED);
    });

    it('refunds withdrawn and voided picks', () => {
      const refunded = given(...sevenUses, withdrawn('c0', 'ARS', 1), {
        type: 'ChoiceVoided',
        data: {
          choiceId: 'c1',
          userId: user,
          periodId: 2,
          optionId: 'ARS-2',
          teamKey: 'ARS',
          reason: 'postponed',
        },
      });
      expect(usesOf(refunded.state, 'ARS')).toBe(5);
      refunded.when(makeChoice('ARS', 8), choiceContext('ARS', 8)).then([made('new', 'ARS', 8)]);
    });
  });

  describe('minimum uses', () => {
    // Two teams that must each be used once, one pick per period, periods 1 and 2 open.
    const rules: PoolRules = {
      ...defaultRules,
      picksPerPeriod: 1,
      minUsesPerTeam: 1,
      minUsesEnforcement: 'reject',
    };
    const teams = [
      { teamKey: 'ARS', teamName: 'Arsenal' },
      { teamKey: 'CHE', teamName: 'Chelsea' },
    ];
    const minimumUses = { teams, openPeriodIds: [1, 2] };

    it("refuses, when enforced, a pick that leaves too few slots for every team's minimum", () => {
      const state = given(made('c1', 'ARS', 1));
      const error = state
        .when(makeChoice('ARS', 2), choiceContext('ARS', 2, { rules, minimumUses }))
        .thenRefused(ErrorCodes.MIN_USES_UNREACHABLE);
      expect(error.message).toContain('at least 1 time');
      state
        .when(makeChoice('CHE', 2), choiceContext('CHE', 2, { rules, minimumUses }))
        .then([made('new', 'CHE', 2)]);
    });

    it('only warns by default', () => {
      const state = given(made('c1', 'ARS', 1));
      state
        .when(
          makeChoice('ARS', 2),
          choiceContext('ARS', 2, { rules: { ...rules, minUsesEnforcement: 'warn' }, minimumUses }),
        )
        .then([made('new', 'ARS', 2)]);
    });

    it('still allows a pick that helps once the minimum is out of reach', () => {
      const three = [...teams, { teamKey: 'LIV', teamName: 'Liverpool' }];
      const context = { rules, minimumUses: { teams: three, openPeriodIds: [2] } };
      given()
        .when(makeChoice('ARS', 2), choiceContext('ARS', 2, context))
        .then([made('new', 'ARS', 2)]);
      given()
        .when(makeChoice('MCI', 2), choiceContext('MCI', 2, context))
        .thenRefused(ErrorCodes.MIN_USES_UNREACHABLE);
    });
  });
});

describe('WithdrawChoice', () => {
  const state = given(made('c1', 'ARS', 1));
  const withdraw = { type: 'WithdrawChoice', userId: user, choiceId: 'c1' } as const;
  const context = { now, period: period(1), option: option('ARS', 1) };

  it('withdraws an active pick before kickoff', () => {
    state.when(withdraw, context).then([withdrawn('c1', 'ARS', 1)]);
  });

  it('refuses a pick that does not exist or is no longer active', () => {
    state.when({ ...withdraw, choiceId: 'nope' }, context).thenRefused(ErrorCodes.CHOICE_NOT_FOUND);
    given(made('c1', 'ARS', 1), withdrawn('c1', 'ARS', 1))
      .when(withdraw, context)
      .thenRefused(ErrorCodes.CHOICE_NOT_FOUND);
  });

  it('refuses after the option locked', () => {
    state.when(withdraw, { ...context, now: later }).thenRefused(ErrorCodes.CHOICE_LOCKED);
  });

  it('refuses before kickoff once the option has a result (a losing pick is not swapped for another)', () => {
    state
      .when(withdraw, { ...context, option: { ...option('ARS', 1), hasResult: true } })
      .thenRefused(
        ErrorCodes.CHOICE_LOCKED,
        'Team ARS already has a result; this pick can no longer be removed.',
      );
  });

  it('refuses in a period that is not active', () => {
    state
      .when(withdraw, { ...context, period: period(1, { isActive: false }) })
      .thenRefused(ErrorCodes.PERIOD_NOT_ACTIVE);
  });

  it('refuses in a completed period', () => {
    state
      .when(withdraw, { ...context, period: period(1, { isCompleted: true }) })
      .thenRefused(ErrorCodes.PERIOD_COMPLETED, 'This period is completed; picks can no longer change.');
  });
});

describe('ClearPeriodChoices', () => {
  it("clears the period's active picks only, and refunds their uses", () => {
    const state = given(
      made('c1', 'ARS', 1),
      made('c2', 'CHE', 1),
      made('c3', 'ARS', 2),
      made('c4', 'LIV', 1),
      withdrawn('c4', 'LIV', 1),
    );
    const clear = { type: 'ClearPeriodChoices', userId: user, periodId: 1 } as const;
    const after = state
      .when(clear, {})
      .then([{ type: 'PeriodChoicesCleared', data: { userId: user, periodId: 1, choiceIds: ['c1', 'c2'] } }]);
    expect(usesOf(after, 'ARS')).toBe(1);
    expect(usesOf(after, 'CHE')).toBe(0);
  });

  it('decides nothing when there is nothing to clear', () => {
    given().when({ type: 'ClearPeriodChoices', userId: user, periodId: 1 }, {}).thenNothing();
  });
});

describe('MakeRetroactiveChoices', () => {
  const options = [option('ARS', 3), option('CHE', 3), option('LIV', 3), option('MCI', 3), option('ARS', 4)];
  const retro = (optionIds: string[], userId = user) =>
    ({ type: 'MakeRetroactiveChoices', userId, periodId: 3, optionIds }) as const;
  const context = { rules: defaultRules, periodEnded: true, options, choiceIds: ['r1', 'r2', 'r3'] };
  const threeRetroactive: PicksEvent = {
    type: 'RetroactiveChoicesMade',
    data: {
      userId: user,
      periodId: 3,
      choices: [
        { choiceId: 'r1', optionId: 'ARS-3', teamKey: 'ARS', teamName: 'Team ARS' },
        { choiceId: 'r2', optionId: 'CHE-3', teamKey: 'CHE', teamName: 'Team CHE' },
        { choiceId: 'r3', optionId: 'LIV-3', teamKey: 'LIV', teamName: 'Team LIV' },
      ],
    },
  };
  const invalid = 'Invalid selection: Please select a user, period, and exactly 3 options.';

  it('creates exactly three picks in an ended period, locks notwithstanding', () => {
    given()
      .when(retro(['ARS-3', 'CHE-3', 'LIV-3']), context)
      .then([threeRetroactive]);
  });

  it.each([
    ['two options', retro(['ARS-3', 'CHE-3'])],
    ['four options', retro(['ARS-3', 'CHE-3', 'LIV-3', 'MCI-3'])],
    ['a repeated option', retro(['ARS-3', 'ARS-3', 'LIV-3'])],
    ['no user', retro(['ARS-3', 'CHE-3', 'LIV-3'], ' ')],
  ])('refuses %s with the exact message', (_, command) => {
    given().when(command, context).thenRefused(ErrorCodes.RETROACTIVE_SELECTION_INVALID, invalid);
  });

  it('refuses a period that has not ended', () => {
    given()
      .when(retro(['ARS-3', 'CHE-3', 'LIV-3']), { ...context, periodEnded: false })
      .thenRefused(ErrorCodes.RETROACTIVE_PERIOD_NOT_ENDED);
  });

  it('refuses while the player has picks in that period, and accepts once they are cleared', () => {
    const state = given(made('c1', 'MCI', 3));
    state.when(retro(['ARS-3', 'CHE-3', 'LIV-3']), context).thenRefused(ErrorCodes.RETROACTIVE_PICKS_EXIST);
    const cleared = given(made('c1', 'MCI', 3), {
      type: 'PeriodChoicesCleared',
      data: { userId: user, periodId: 3, choiceIds: ['c1'] },
    });
    cleared.when(retro(['ARS-3', 'CHE-3', 'LIV-3']), context).then([threeRetroactive]);
  });

  it('refuses an option of another period', () => {
    given()
      .when(retro(['ARS-3', 'CHE-3', 'ARS-4']), context)
      .thenRefused(ErrorCodes.OPTION_NOT_IN_PERIOD);
  });

  it('still applies the usage cap', () => {
    const sevenUses = Array.from({ length: 7 }, (_, index) => made(`c${index}`, 'ARS', index + 10));
    given(...sevenUses)
      .when(retro(['ARS-3', 'CHE-3', 'LIV-3']), context)
      .thenRefused(ErrorCodes.TEAM_USAGE_CAP_REACHED);
  });

  it('counts retroactive picks as uses', () => {
    const state = given()
      .when(retro(['ARS-3', 'CHE-3', 'LIV-3']), context)
      .then([threeRetroactive]);
    expect(usesOf(state, 'ARS')).toBe(1);
    expect(state.choices.size).toBe(3);
  });
});

describe('VoidChoicesOnOption', () => {
  const state = given(made('c1', 'ARS', 1), made('c2', 'CHE', 1));
  const voidArs = {
    type: 'VoidChoicesOnOption',
    userId: user,
    optionId: 'ARS-1',
    reason: 'postponed',
  } as const;

  it('voids the picks on the option before it locks and refunds their use', () => {
    const after = state.when(voidArs, { now, option: option('ARS', 1, { status: 'postponed' }) }).then([
      {
        type: 'ChoiceVoided',
        data: {
          choiceId: 'c1',
          userId: user,
          periodId: 1,
          optionId: 'ARS-1',
          teamKey: 'ARS',
          reason: 'postponed',
        },
      },
    ]);
    expect(usesOf(after, 'ARS')).toBe(0);
    expect([...after.choices.keys()]).toEqual(['c2']);
  });

  it('leaves picks standing when the option had already locked', () => {
    state.when(voidArs, { now: later, option: option('ARS', 1) }).thenNothing();
  });
});

describe('what a refused pick tells the player', () => {
  const withdraw = { type: 'WithdrawChoice', userId: user, choiceId: 'c1' } as const;
  const retro = (optionIds: string[], periodId = 3) =>
    ({ type: 'MakeRetroactiveChoices', userId: user, periodId, optionIds }) as const;
  const retroContext = {
    rules: defaultRules,
    periodEnded: true,
    options: [option('ARS', 3), option('CHE', 3), option('LIV', 3), option('ARS', 4)],
    choiceIds: ['r1', 'r2', 'r3'],
  };

  it('names the period, the team and the reason of each refused pick', () => {
    given()
      .when(makeChoice('ARS'), choiceContext('ARS', 1, { period: period(1, { isActive: false }) }))
      .thenRefused(ErrorCodes.PERIOD_NOT_ACTIVE, 'Period 1 is not open for picks.');
    given()
      .when(
        { ...makeChoice('ARS'), optionId: 'ARS-2' },
        choiceContext('ARS', 1, { option: option('ARS', 2) }),
      )
      .thenRefused(ErrorCodes.OPTION_NOT_IN_PERIOD, 'Team ARS is not an option of period 1.');
    given()
      .when(makeChoice('ARS'), choiceContext('ARS', 1, { option: option('ARS', 1, { status: 'postponed' }) }))
      .thenRefused(ErrorCodes.OPTION_UNAVAILABLE, 'Team ARS is unavailable: its match was postponed.');
    given()
      .when(makeChoice('ARS'), choiceContext('ARS', 1, { now: later }))
      .thenRefused(ErrorCodes.OPTION_LOCKED, 'Team ARS has kicked off; this option is locked.');
    given()
      .when(makeChoice('ARS'), choiceContext('ARS', 1, { option: option('ARS', 1, { hasResult: true }) }))
      .thenRefused(ErrorCodes.OPTION_LOCKED, 'Team ARS already has a result; this option is locked.');
    given(made('c1', 'ARS', 1))
      .when(makeChoice('ARS'), choiceContext('ARS'))
      .thenRefused(ErrorCodes.CHOICE_ALREADY_MADE, 'You have already picked Team ARS in this period.');
    given(...Array.from({ length: 7 }, (_, index) => made(`c${index}`, 'ARS', index + 2)))
      .when(makeChoice('ARS'), choiceContext('ARS'))
      .thenRefused(
        ErrorCodes.TEAM_USAGE_CAP_REACHED,
        'Team ARS has been used 7 times; each team can be used at most 7 times per season.',
      );
  });

  it('explains a pick refused for the minimum uses with the guidance the player sees', () => {
    const rules: PoolRules = {
      ...defaultRules,
      picksPerPeriod: 1,
      minUsesPerTeam: 1,
      minUsesEnforcement: 'reject',
    };
    const minimumUses = {
      teams: [
        { teamKey: 'ARS', teamName: 'Arsenal' },
        { teamKey: 'CHE', teamName: 'Chelsea' },
      ],
      openPeriodIds: [1, 2],
    };
    const refusal = given(made('c1', 'ARS', 1))
      .when(makeChoice('ARS', 2), choiceContext('ARS', 2, { rules, minimumUses }))
      .thenRefused(ErrorCodes.MIN_USES_UNREACHABLE);
    expect(refusal.message).toMatch(
      /^This pick would make it impossible to use every team at least 1 time\. \S/,
    );
    expect(() =>
      decidePicks(makeChoice('ARS', 2), given().state, choiceContext('ARS', 2, { rules })),
    ).toThrow('MakeChoice: minimumUses is required when the minimum is enforced');
  });

  it('names what is wrong with a withdrawal', () => {
    const context = { now, period: period(1), option: option('ARS', 1) };
    given()
      .when(withdraw, context)
      .thenRefused(ErrorCodes.CHOICE_NOT_FOUND, 'This pick does not exist or has already been removed.');
    given(made('c1', 'ARS', 1))
      .when(withdraw, { ...context, now: later })
      .thenRefused(ErrorCodes.CHOICE_LOCKED, 'Team ARS has kicked off; this pick can no longer be removed.');
    given(made('c1', 'ARS', 1))
      .when(withdraw, { ...context, now: new Date(later.getTime() - 1) })
      .then([withdrawn('c1', 'ARS', 1)]);
  });

  it('names what is wrong with retroactive picks', () => {
    given()
      .when(retro(['ARS-3', 'CHE-3', 'LIV-3']), { ...retroContext, periodEnded: false })
      .thenRefused(
        ErrorCodes.RETROACTIVE_PERIOD_NOT_ENDED,
        'Period 3 has not ended; retroactive picks are only for ended periods.',
      );
    given(made('c1', 'CHE', 3))
      .when(retro(['ARS-3', 'CHE-3', 'LIV-3']), retroContext)
      .thenRefused(
        ErrorCodes.RETROACTIVE_PICKS_EXIST,
        'This player already has picks in period 3; clear them first.',
      );
    given()
      .when(retro(['ARS-3', 'CHE-3', 'ARS-4']), retroContext)
      .thenRefused(ErrorCodes.OPTION_NOT_IN_PERIOD, 'Option ARS-4 is not an option of period 3.');
    given()
      .when(retro(['ARS-3', 'CHE-3', 'MCI-3']), retroContext)
      .thenRefused(ErrorCodes.OPTION_NOT_IN_PERIOD, 'Option MCI-3 is not an option of period 3.');
    given()
      .when(retro(['ARS-3', 'CHE-3', 'LIV-3']), {
        ...retroContext,
        options: [option('ARS', 3), option('CHE', 3), option('LIV', 3, { status: 'cancelled' })],
      })
      .thenRefused(ErrorCodes.OPTION_UNAVAILABLE, 'Team LIV is unavailable: its match was cancelled.');
  });

  it.each([
    ['period 0', retro(['ARS-0', 'CHE-0', 'LIV-0'], 0)],
    ['a fractional period', retro(['ARS-3', 'CHE-3', 'LIV-3'], 2.5)],
    ['a blank option id', retro(['ARS-3', 'CHE-3', ' '])],
  ])('refuses retroactive picks for %s as an invalid selection', (_case, command) => {
    given()
      .when(command, retroContext)
      .thenRefused(
        ErrorCodes.RETROACTIVE_SELECTION_INVALID,
        'Invalid selection: Please select a user, period, and exactly 3 options.',
      );
  });
});
