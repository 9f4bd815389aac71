import { ErrorCodes, type PoolRules } from '@treble/contracts';
import type { OptionView } from '../../picks/domain/picks.commands.js';
import { decideApplyPendingResults, decideDeleteResult, decideRecordResult, type ResultSource } from '../../results/domain/results.js';
import { DomainError } from '../../shared/domain/domain-error.js';
import type { OptionDefinition, PeriodEvent, PeriodState } from './period.js';
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
  if (!state.scheduled) throw new DomainError(ErrorCodes.PERIOD_NOT_FOUND, `Period ${periodId} does not exist.`);
}

function assertNotCompleted(state: PeriodState, periodId: number): void {
  if (state.isCompleted) {
    throw new DomainError(ErrorCodes.PERIOD_COMPLETED, `Period ${periodId} is completed; reopen it first.`);
  }
}

/** The 20 EPL options of a period, each team with its fixture of that matchweek (if it has one). */
export function eplOptionsFor(periodId: number, state: PeriodState, teams: readonly Team[]): OptionDefinition[] {
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
export function decideAddEplOptions(periodId: number, state: PeriodState, teams: readonly Team[]): PeriodEvent[] {
  assertScheduled(state, periodId);
  assertNotCompleted(state, periodId);
  const missing = eplOptionsFor(periodId, state, teams).filter((option) => !state.options.has(option.optionId));
  return missing.length === 0 ? [] : [{ type: 'OptionsAdded', data: { periodId, options: missing } }];
}

/** Removes every option of the period (and with them their results), then adds the EPL options. */
export function decideReplaceWithEpl(periodId: number, state: PeriodState, teams: readonly Team[]): PeriodEvent[] {
  assertScheduled(state, periodId);
  assertNotCompleted(state, periodId);
  const events: PeriodEvent[] = [];
  if (state.options.size > 0) events.push({ type: 'OptionsRemoved', data: { periodId, optionIds: [...state.options.keys()] } });
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
  assertScheduled(state, periodId);
  assertNotCompleted(state, periodId);
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

export function decideCompletePeriod(periodId: number, state: PeriodState, now: Date): PeriodEvent[] {
  assertScheduled(state, periodId);
  if (state.isCompleted) {
    throw new DomainError(ErrorCodes.PERIOD_ALREADY_COMPLETED, `Period ${periodId} is already completed.`);
  }
  if (!state.isActive) {
    throw new DomainError(ErrorCodes.PERIOD_NOT_ACTIVE, `Only an active period can be completed; period ${periodId} is not active.`);
  }
  return [{ type: 'PeriodCompleted', data: { periodId, manual: true, completedAt: now.toISOString() } }];
}

/** Reopening a manually completed period takes back its survivor strikes and applies held results. */
export function decideReopenPeriod(periodId: number, state: PeriodState, rules: PoolRules): PeriodEvent[] {
  assertScheduled(state, periodId);
  if (!state.isManuallyCompleted) {
    throw new DomainError(ErrorCodes.PERIOD_NOT_REOPENABLE, `Only a manually completed period can be reopened.`);
  }
  const held = decideApplyPendingResults({ type: 'ApplyPendingResults', periodId }, state.results, { rules, periodCompleted: false });
  return [{ type: 'PeriodReopened', data: { periodId } }, ...held];
}

export interface RecordResultInput {
  optionId?: string | null;
  outcome?: string | null;
  points?: number | null;
  source: ResultSource;
}

export function decideRecordResultInPeriod(
  periodId: number,
  state: PeriodState,
  input: RecordResultInput,
  rules: PoolRules,
): PeriodEvent[] {
  assertScheduled(state, periodId);
  if (input.optionId && input.outcome && !state.options.has(input.optionId)) {
    throw new DomainError(ErrorCodes.OPTION_NOT_FOUND, `Option ${input.optionId} does not exist.`);
  }
  return decideRecordResult({ type: 'RecordResult', periodId, ...input }, state.results, {
    rules,
    periodCompleted: state.isCompleted,
  });
}

export function decideDeleteResultInPeriod(periodId: number, state: PeriodState, optionId: string, rules: PoolRules): PeriodEvent[] {
  assertScheduled(state, periodId);
  if (!state.options.has(optionId)) throw new DomainError(ErrorCodes.OPTION_NOT_FOUND, `Option ${optionId} does not exist.`);
  return decideDeleteResult({ type: 'DeleteResult', periodId, optionId }, state.results, { rules, periodCompleted: state.isCompleted });
}

/** The option as the picks decider needs it: team, deadline and availability. */
export function optionView(state: PeriodState, optionId: string): OptionView | null {
  const option = state.options.get(optionId);
  if (!option || state.periodId === null) return null;
  const status = option.fixture?.status === 'POSTPONED' ? 'postponed' : option.fixture?.status === 'CANCELLED' ? 'cancelled' : 'available';
  const lockAt = option.fixture ? option.fixture.kickoff : state.startDate;
  return {
    id: option.optionId,
    periodId: state.periodId,
    teamKey: option.teamKey,
    teamName: option.name,
    lockAt: lockAt ? new Date(lockAt) : null,
    status,
  };
}
