import { ErrorCodes, type PoolRules } from '@treble/contracts';
import type { OptionView } from '../../shared/domain/option-view.js';
import {
  decideApplyPendingResults,
  decideDeleteResult,
  decideRecordResult,
  type ResultReport,
} from '../../results/domain/index.js';
import { DomainError } from '../../shared/domain/domain-error.js';
import { hasResult, type OptionDefinition, type PeriodEvent, type PeriodState } from './period.js';
import type { Team } from './season-schedule.js';

/*
 * Admin decisions on one period (stream `period-{id}`): options, activation, completion and
 * results. Pure: the handler passes in the teams, the rules and "now".
 */

export const optionIdFor = (periodId: number, key: string): string => `${periodId}-${key}`;

/** The period an option belongs to, read from its id (`{periodId}-{key}`). */
export function periodOfOption(optionId: string): number | null {
  const match = /^(\d{1,3})-[A-Za-z0-9]+$/.exec(optionId);
  return match ? Number(match[1]) : null;
}

function assertScheduled(state: PeriodState, periodId: number): void {
  if (!state.scheduled)
    throw new DomainError(ErrorCodes.PERIOD_NOT_FOUND, `Period ${periodId} does not exist.`);
}

function assertOption(state: PeriodState, periodId: number, optionId: string): void {
  assertScheduled(state, periodId);
  if (!state.options.has(optionId))
    throw new DomainError(ErrorCodes.OPTION_NOT_FOUND, `Option ${optionId} does not exist.`);
}

/** The period's options may change: it exists and is not completed. */
function assertChangeable(state: PeriodState, periodId: number): void {
  assertScheduled(state, periodId);
  if (state.isCompleted) {
    throw new DomainError(ErrorCodes.PERIOD_COMPLETED, `Period ${periodId} is completed; reopen it first.`);
  }
}

/** The 20 EPL options of a period, each team with its fixture of that matchweek (if it has one). */
export function eplOptionsFor(
  periodId: number,
  state: PeriodState,
  teams: readonly Team[],
): OptionDefinition[] {
  const fixtures = [...state.fixtures.values()];
  return [...teams]
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((team, index) => {
      const fixture = fixtures.find((f) => f.home.code === team.code || f.away.code === team.code) ?? null;
      const isHome = fixture?.home.code === team.code;
      const opponent = fixture ? (isHome ? fixture.away : fixture.home) : null;
      return {
        optionId: optionIdFor(periodId, team.code),
        periodId,
        teamKey: team.code,
        name: team.name,
        shortName: team.shortName,
        description: fixture && opponent ? `${isHome ? 'vs' : 'at'} ${opponent.shortName}` : null,
        sortOrder: index + 1,
        fixture:
          fixture && opponent
            ? {
                fixtureId: fixture.fixtureId,
                opponent: opponent.name,
                opponentCode: opponent.code,
                isHome,
                kickoff: fixture.kickoff,
                status: fixture.status,
              }
            : null,
      };
    });
}

/** Adds the EPL options a period does not have yet; nothing when it has them all. */
export function decideAddEplOptions(
  periodId: number,
  state: PeriodState,
  teams: readonly Team[],
): PeriodEvent[] {
  assertChangeable(state, periodId);
  const missing = eplOptionsFor(periodId, state, teams).filter(
    (option) => !state.options.has(option.optionId),
  );
  return missing.length === 0 ? [] : [{ type: 'OptionsAdded', data: { periodId, options: missing } }];
}

/** Removes every option of the period (and with them their results), then adds the EPL options. */
export function decideReplaceWithEpl(
  periodId: number,
  state: PeriodState,
  teams: readonly Team[],
): PeriodEvent[] {
  assertChangeable(state, periodId);
  const events: PeriodEvent[] = [];
  if (state.options.size > 0)
    events.push({ type: 'OptionsRemoved', data: { periodId, optionIds: [...state.options.keys()] } });
  events.push({ type: 'OptionsAdded', data: { periodId, options: eplOptionsFor(periodId, state, teams) } });
  return events;
}

export interface CreateOption {
  name: string;
  description: string | null;
  sortOrder: number;
}

/** A custom option (no fixture: it locks at the period's start). Its team key is its name. */
export function decideCreateOption(periodId: number, state: PeriodState, input: CreateOption): PeriodEvent[] {
  assertChangeable(state, periodId);
  const name = input.name.trim();
  if (!name) throw new DomainError(ErrorCodes.VALIDATION_FAILED, 'name: Name is required');
  const teamKey = name.toLowerCase();
  if ([...state.options.values()].some((option) => option.teamKey.toLowerCase() === teamKey)) {
    throw new DomainError(ErrorCodes.OPTION_EXISTS, `Period ${periodId} already has an option "${name}".`);
  }
  const used = [...state.options.keys()]
    .map((id) => /-c(\d+)$/.exec(id))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]));
  const next = (used.length > 0 ? Math.max(...used) : 0) + 1;
  const option: OptionDefinition = {
    optionId: optionIdFor(periodId, `c${next}`),
    periodId,
    teamKey,
    name,
    shortName: null,
    description: input.description?.trim() || null,
    sortOrder: input.sortOrder,
    fixture: null,
  };
  return [{ type: 'OptionsAdded', data: { periodId, options: [option] } }];
}

export function decideSetActive(periodId: number, state: PeriodState, isActive: boolean): PeriodEvent[] {
  assertScheduled(state, periodId);
  if (state.isActive === isActive) return [];
  return [{ type: isActive ? 'PeriodActivated' : 'PeriodDeactivated', data: { periodId } }];
}

/** The period's options that have no result (applied or held), in their order. */
export function optionsWithoutResult(state: PeriodState): { id: string; name: string }[] {
  return [...state.options.values()]
    .filter((option) => !hasResult(state, option.optionId))
    .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name))
    .map((option) => ({ id: option.optionId, name: option.name }));
}

/**
 * Completing makes the period's scores and survivor strikes final. Before the matchweek has
 * started, or while options still have no result, it is refused (PERIOD_NOT_READY, listing those
 * options) unless the admin confirmed (`force`): a postponed match is the usual reason to.
 */
export function decideCompletePeriod(
  periodId: number,
  state: PeriodState,
  now: Date,
  force = false,
): PeriodEvent[] {
  assertScheduled(state, periodId);
  if (state.isCompleted) {
    throw new DomainError(ErrorCodes.PERIOD_ALREADY_COMPLETED, `Period ${periodId} is already completed.`);
  }
  if (!state.isActive) {
    throw new DomainError(
      ErrorCodes.PERIOD_NOT_ACTIVE,
      `Only an active period can be completed; period ${periodId} is not active.`,
    );
  }
  if (!force) {
    const notStarted = state.startDate !== null && Date.parse(state.startDate) > now.getTime();
    const missing = optionsWithoutResult(state);
    const reasons: string[] = [];
    if (notStarted)
      reasons.push(
        `${state.name ?? `Period ${periodId}`} has not started yet (first kickoff ${state.startDate})`,
      );
    if (missing.length > 0)
      reasons.push(
        `${missing.length} option${missing.length === 1 ? ' has' : 's have'} no result: ${missing.map((o) => o.name).join(', ')}`,
      );
    if (reasons.length > 0) {
      throw new DomainError(
        ErrorCodes.PERIOD_NOT_READY,
        `${reasons.join('; ')}. Send "force": true to complete it anyway.`,
        { notStarted, startDate: state.startDate, optionsWithoutResult: missing },
      );
    }
  }
  return [{ type: 'PeriodCompleted', data: { periodId, manual: true, completedAt: now.toISOString() } }];
}

/** Reopening a manually completed period takes back its survivor strikes and applies held results. */
export function decideReopenPeriod(periodId: number, state: PeriodState, rules: PoolRules): PeriodEvent[] {
  assertScheduled(state, periodId);
  if (!state.isManuallyCompleted) {
    throw new DomainError(
      ErrorCodes.PERIOD_NOT_REOPENABLE,
      `Only a manually completed period can be reopened.`,
    );
  }
  const held = decideApplyPendingResults({ type: 'ApplyPendingResults', periodId }, state.results, {
    rules,
    periodCompleted: false,
  });
  return [{ type: 'PeriodReopened', data: { periodId } }, ...held];
}

/**
 * `beforeKickoff`: an admin's result for a match that has not kicked off (the option's lock time
 * is ahead of `now`) is refused (RESULT_BEFORE_KICKOFF) unless they confirmed it (`force`).
 */
export function decideRecordResultInPeriod(
  periodId: number,
  state: PeriodState,
  report: ResultReport,
  rules: PoolRules,
  beforeKickoff?: { now: Date; force: boolean },
): PeriodEvent[] {
  assertOption(state, periodId, report.optionId);
  if (beforeKickoff && !beforeKickoff.force) {
    const option = optionView(state, report.optionId);
    if (option?.lockAt && option.lockAt.getTime() > beforeKickoff.now.getTime()) {
      throw new DomainError(
        ErrorCodes.RESULT_BEFORE_KICKOFF,
        `${option.teamName}'s match has not kicked off yet (${option.lockAt.toISOString()}). Send "force": true to record the result anyway.`,
        { optionId: option.id, kickoff: option.lockAt.toISOString() },
      );
    }
  }
  return decideRecordResult({ type: 'RecordResult', periodId, ...report }, state.results, {
    rules,
    periodCompleted: state.isCompleted,
  });
}

export function decideDeleteResultInPeriod(
  periodId: number,
  state: PeriodState,
  optionId: string,
  rules: PoolRules,
): PeriodEvent[] {
  assertOption(state, periodId, optionId);
  return decideDeleteResult({ type: 'DeleteResult', periodId, optionId }, state.results, {
    rules,
    periodCompleted: state.isCompleted,
  });
}

/** The option as the picks decider needs it: team, deadline and availability. */
export function optionView(state: PeriodState, optionId: string): OptionView | null {
  const option = state.options.get(optionId);
  if (!option || state.periodId === null) return null;
  const status =
    option.fixture?.status === 'POSTPONED'
      ? 'postponed'
      : option.fixture?.status === 'CANCELLED'
        ? 'cancelled'
        : 'available';
  const lockAt = option.fixture ? option.fixture.kickoff : state.startDate;
  return {
    id: option.optionId,
    periodId: state.periodId,
    teamKey: option.teamKey,
    teamName: option.name,
    lockAt: lockAt ? new Date(lockAt) : null,
    status,
    hasResult: hasResult(state, optionId),
  };
}
