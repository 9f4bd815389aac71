import { ErrorCodes, type PoolRules } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';
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
import type { ChoiceMade, PicksEvent } from './picks.events.js';
import { activeChoicesInPeriod, evolvePicks, type PicksState, usesOf } from './picks.state.js';
import { plural, usageGuidance } from './usage.js';

/** An option locks when its fixture kicks off (or, with no fixture, at the period's start). */
export function isLocked(option: Pick<OptionView, 'lockAt'>, now: Date): boolean {
  return option.lockAt !== null && now.getTime() >= option.lockAt.getTime();
}

const periodCompletedMessage = 'This period is completed; picks can no longer change.';

function assertOpenPeriod(period: PeriodView): void {
  // Completed first: a completed period is usually also inactive, and "completed" is the true reason.
  if (period.isCompleted) throw new DomainError(ErrorCodes.PERIOD_COMPLETED, periodCompletedMessage);
  if (!period.isActive) {
    throw new DomainError(ErrorCodes.PERIOD_NOT_ACTIVE, `Period ${period.id} is not open for picks.`);
  }
}

function assertAvailable(option: OptionView): void {
  if (option.status !== 'available') {
    throw new DomainError(
      ErrorCodes.OPTION_UNAVAILABLE,
      `${option.teamName} is unavailable: its match was ${option.status}.`,
    );
  }
}

function assertUnderCap(state: PicksState, option: OptionView, adding: number, rules: PoolRules) {
  const uses = usesOf(state, option.teamKey);
  if (uses + adding > rules.maxUsesPerTeam) {
    throw new DomainError(
      ErrorCodes.TEAM_USAGE_CAP_REACHED,
      `${option.teamName} has been used ${uses} times; each team can be used at most ${rules.maxUsesPerTeam} times per season.`,
    );
  }
}

export function decideMakeChoice(
  command: MakeChoice,
  state: PicksState,
  context: PicksContexts['MakeChoice'],
): PicksEvent[] {
  const { period, option, rules, now } = context;
  assertOpenPeriod(period);
  if (option.periodId !== command.periodId) {
    throw new DomainError(
      ErrorCodes.OPTION_NOT_IN_PERIOD,
      `${option.teamName} is not an option of period ${command.periodId}.`,
    );
  }
  assertAvailable(option);
  if (isLocked(option, now)) {
    throw new DomainError(
      ErrorCodes.OPTION_LOCKED,
      `${option.teamName} has kicked off; this option is locked.`,
    );
  }
  if (option.hasResult === true) {
    throw new DomainError(
      ErrorCodes.OPTION_LOCKED,
      `${option.teamName} already has a result; this option is locked.`,
    );
  }
  const inPeriod = activeChoicesInPeriod(state, command.periodId);
  if (inPeriod.some((choice) => choice.optionId === option.id)) {
    throw new DomainError(
      ErrorCodes.CHOICE_ALREADY_MADE,
      `You have already picked ${option.teamName} in this period.`,
    );
  }
  if (inPeriod.length >= rules.picksPerPeriod) {
    throw new DomainError(
      ErrorCodes.PICKS_PER_PERIOD_EXCEEDED,
      `You can only select ${rules.picksPerPeriod} options per period`,
    );
  }
  assertUnderCap(state, option, 1, rules);

  const event: ChoiceMade = {
    type: 'ChoiceMade',
    data: {
      choiceId: context.choiceId,
      userId: command.userId,
      periodId: command.periodId,
      optionId: option.id,
      teamKey: option.teamKey,
      teamName: option.teamName,
    },
  };

  if (rules.minUsesEnforcement === 'reject') {
    const minimum = context.minimumUses;
    if (minimum === undefined)
      throw new Error('MakeChoice: minimumUses is required when the minimum is enforced');
    const openPeriodIds = [...minimum.openPeriodIds, command.periodId];
    const before = usageGuidance(state, minimum.teams, rules, openPeriodIds);
    const after = usageGuidance(evolvePicks(state, event), minimum.teams, rules, openPeriodIds);
    // Only a pick that makes things worse is refused: once the minimum is out of reach, picks that
    // still help (a team that needs uses) stay allowed, so a player is never locked out.
    if (after.shortfall > before.shortfall) {
      throw new DomainError(
        ErrorCodes.MIN_USES_UNREACHABLE,
        `This pick would make it impossible to use every team at least ${plural(rules.minUsesPerTeam, 'time')}. ${after.warning ?? ''}`.trim(),
      );
    }
  }
  return [event];
}

export function decideWithdrawChoice(
  command: WithdrawChoice,
  state: PicksState,
  context: PicksContexts['WithdrawChoice'],
): PicksEvent[] {
  const choice = state.choices.get(command.choiceId);
  if (choice === undefined) {
    throw new DomainError(
      ErrorCodes.CHOICE_NOT_FOUND,
      'This pick does not exist or has already been removed.',
    );
  }
  const { period, option, now } = context;
  assertOpenPeriod(period);
  if (isLocked(option, now)) {
    throw new DomainError(
      ErrorCodes.CHOICE_LOCKED,
      `${choice.teamName} has kicked off; this pick can no longer be removed.`,
    );
  }
  // A result recorded before kickoff (an admin's, or a match brought forward) locks the pick too:
  // else a losing pick could be swapped for one that has not played.
  if (option.hasResult === true) {
    throw new DomainError(
      ErrorCodes.CHOICE_LOCKED,
      `${choice.teamName} already has a result; this pick can no longer be removed.`,
    );
  }
  return [
    {
      type: 'ChoiceWithdrawn',
      data: {
        choiceId: choice.choiceId,
        userId: command.userId,
        periodId: choice.periodId,
        optionId: choice.optionId,
        teamKey: choice.teamKey,
      },
    },
  ];
}

/** Nothing to clear decides nothing, so a repeated "Clear All" is harmless. */
export function decideClearPeriodChoices(command: ClearPeriodChoices, state: PicksState): PicksEvent[] {
  const choiceIds = activeChoicesInPeriod(state, command.periodId).map((choice) => choice.choiceId);
  if (choiceIds.length === 0) return [];
  return [
    { type: 'PeriodChoicesCleared', data: { userId: command.userId, periodId: command.periodId, choiceIds } },
  ];
}

/**
 * Admin override for an ended period: deadlines and period status do not apply (the period is
 * over), but the picks must be a full, valid set and the usage cap still holds.
 */
export function decideMakeRetroactiveChoices(
  command: MakeRetroactiveChoices,
  state: PicksState,
  context: PicksContexts['MakeRetroactiveChoices'],
): PicksEvent[] {
  const { rules } = context;
  const optionIds = command.optionIds;
  const valid =
    command.userId.trim() !== '' &&
    Number.isInteger(command.periodId) &&
    command.periodId > 0 &&
    optionIds.length === rules.picksPerPeriod &&
    optionIds.every((id) => id.trim() !== '') &&
    new Set(optionIds).size === optionIds.length;
  if (!valid) {
    throw new DomainError(
      ErrorCodes.RETROACTIVE_SELECTION_INVALID,
      `Invalid selection: Please select a user, period, and exactly ${rules.picksPerPeriod} options.`,
    );
  }

  if (!context.periodEnded) {
    throw new DomainError(
      ErrorCodes.RETROACTIVE_PERIOD_NOT_ENDED,
      `Period ${command.periodId} has not ended; retroactive picks are only for ended periods.`,
    );
  }
  if (activeChoicesInPeriod(state, command.periodId).length > 0) {
    throw new DomainError(
      ErrorCodes.RETROACTIVE_PICKS_EXIST,
      `This player already has picks in period ${command.periodId}; clear them first.`,
    );
  }

  const options = optionIds.map((id) => {
    const option = context.options.find((candidate) => candidate.id === id);
    if (option === undefined || option.periodId !== command.periodId) {
      throw new DomainError(
        ErrorCodes.OPTION_NOT_IN_PERIOD,
        `Option ${id} is not an option of period ${command.periodId}.`,
      );
    }
    assertAvailable(option);
    return option;
  });

  const addedPerTeam = new Map<string, number>();
  for (const option of options) addedPerTeam.set(option.teamKey, (addedPerTeam.get(option.teamKey) ?? 0) + 1);
  for (const option of options) assertUnderCap(state, option, addedPerTeam.get(option.teamKey)!, rules);

  return [
    {
      type: 'RetroactiveChoicesMade',
      data: {
        userId: command.userId,
        periodId: command.periodId,
        choices: options.map((option, index) => ({
          choiceId: context.choiceIds[index]!,
          optionId: option.id,
          teamKey: option.teamKey,
          teamName: option.teamName,
        })),
      },
    },
  ];
}

/**
 * Voids the player's active picks on a postponed or cancelled option. docs/rules.md voids only when that
 * happens before the option locks; after kickoff the picks stand (and score whatever result comes).
 */
export function decideVoidChoicesOnOption(
  command: VoidChoicesOnOption,
  state: PicksState,
  context: PicksContexts['VoidChoicesOnOption'],
): PicksEvent[] {
  if (isLocked(context.option, context.now)) return [];
  return [...state.choices.values()]
    .filter((choice) => choice.optionId === command.optionId)
    .map((choice) => ({
      type: 'ChoiceVoided' as const,
      data: {
        choiceId: choice.choiceId,
        userId: command.userId,
        periodId: choice.periodId,
        optionId: choice.optionId,
        teamKey: choice.teamKey,
        reason: command.reason,
      },
    }));
}
