import { ErrorCodes, type PoolRules, type RecordResultRequest } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';
import { assertNever, type DomainEvent } from '../../shared/domain/event.js';
import { isOutcome, type Outcome } from './outcome.js';

/*
 * Results live in the period stream (`period-{id}`, owned by the season context), next to the
 * period's completion. These are the result rules only, over a small state that the period's
 * state can embed: fold these events with `evolveResults`, decide with the `decide…` functions.
 */

export type ResultSource = 'admin' | 'provider';

/** A result with where it came from; the score is there when the provider derived it from a match. */
export interface OptionResult {
  outcome: Outcome;
  points: number;
  source: ResultSource;
  fixtureId?: string;
  homeScore?: number;
  awayScore?: number;
}

export type ResultRecordedData = { periodId: number; optionId: string } & OptionResult;
export interface ResultDeletedData {
  periodId: number;
  optionId: string;
}
/** A result that arrived while the period was completed: listed for admins, applied on reopening. */
export type ResultHeldPendingData = { periodId: number; optionId: string } & OptionResult;

export type ResultRecorded = DomainEvent<'ResultRecorded', ResultRecordedData>;
export type ResultDeleted = DomainEvent<'ResultDeleted', ResultDeletedData>;
export type ResultHeldPending = DomainEvent<'ResultHeldPending', ResultHeldPendingData>;
export type ResultsEvent = ResultRecorded | ResultDeleted | ResultHeldPending;

export interface ResultsState {
  /** Applied results by option id. */
  readonly results: ReadonlyMap<string, OptionResult>;
  /** Held results by option id: at most one per option, the latest that may replace the earlier one. */
  readonly pending: ReadonlyMap<string, OptionResult>;
}

export function initialResultsState(): ResultsState {
  return { results: new Map(), pending: new Map() };
}

function resultOf(data: ResultRecordedData | ResultHeldPendingData): OptionResult {
  const { outcome, points, source, fixtureId, homeScore, awayScore } = data;
  return { outcome, points, source, fixtureId, homeScore, awayScore };
}

export function evolveResults(state: ResultsState, event: ResultsEvent): ResultsState {
  switch (event.type) {
    case 'ResultRecorded': {
      const pending = new Map(state.pending);
      pending.delete(event.data.optionId);
      return { results: new Map(state.results).set(event.data.optionId, resultOf(event.data)), pending };
    }
    case 'ResultDeleted': {
      const results = new Map(state.results);
      results.delete(event.data.optionId);
      return { ...state, results };
    }
    case 'ResultHeldPending':
      return { ...state, pending: new Map(state.pending).set(event.data.optionId, resultOf(event.data)) };
    default:
      return assertNever(event);
  }
}

/** A result to record, checked at the edge: a known outcome for a named option. */
interface ResultReportOf<Source extends ResultSource> {
  source: Source;
  optionId: string;
  outcome: Outcome;
}

/** An admin's result; `points` is what the admin form shows, when it sends them (they must agree with the outcome). */
export interface AdminResultReport extends ResultReportOf<'admin'> {
  points?: number;
}

/** A provider's result, with the match and score it was derived from (a corrected score replaces it). */
export interface ProviderResultReport extends ResultReportOf<'provider'> {
  fixtureId?: string;
  homeScore?: number;
  awayScore?: number;
}

export type ResultReport = AdminResultReport | ProviderResultReport;

export type RecordResult = { type: 'RecordResult'; periodId: number } & ResultReport;

export interface DeleteResult {
  type: 'DeleteResult';
  periodId: number;
  optionId: string;
}

/** Sent when the period is reopened: the held results apply. */
export interface ApplyPendingResults {
  type: 'ApplyPendingResults';
  periodId: number;
}

export interface ResultsContext {
  rules: PoolRules;
  periodCompleted: boolean;
}

/**
 * Parses the admin form (which may send any field empty) once, at the edge: an option and a known outcome, or RESULT_OPTION_OUTCOME_REQUIRED.
 * (An option id that names no option is the period's to refuse, as OPTION_NOT_FOUND.)
 */
export function parseAdminResult(form: RecordResultRequest): AdminResultReport {
  const { optionId, outcome, points } = form;
  if (typeof optionId !== 'string' || optionId === '' || !isOutcome(outcome)) {
    throw new DomainError(ErrorCodes.RESULT_OPTION_OUTCOME_REQUIRED, 'Please select an option and outcome');
  }
  const report: AdminResultReport = { source: 'admin', optionId, outcome };
  if (points !== undefined && points !== null) report.points = points;
  return report;
}

function sameResult(a: OptionResult | undefined, b: OptionResult): boolean {
  return (
    a !== undefined &&
    a.outcome === b.outcome &&
    a.points === b.points &&
    a.source === b.source &&
    a.fixtureId === b.fixtureId &&
    a.homeScore === b.homeScore &&
    a.awayScore === b.awayScore
  );
}

export function decideRecordResult(
  command: RecordResult,
  state: ResultsState,
  context: ResultsContext,
): ResultsEvent[] {
  const { optionId, outcome } = command;
  const points = context.rules.points[outcome];
  if (command.source === 'admin' && command.points !== undefined && command.points !== points) {
    throw new DomainError(
      ErrorCodes.RESULT_POINTS_MISMATCH,
      `A ${outcome} is worth ${points} point${points === 1 ? '' : 's'}, not ${command.points}.`,
    );
  }
  const incoming: OptionResult = { outcome, points, source: command.source };
  if (command.source === 'provider') {
    if (command.fixtureId !== undefined) incoming.fixtureId = command.fixtureId;
    if (command.homeScore !== undefined) incoming.homeScore = command.homeScore;
    if (command.awayScore !== undefined) incoming.awayScore = command.awayScore;
  }

  const current = state.results.get(optionId);
  // An admin's result stands until an admin deletes it; the provider keeps reporting, unheard.
  if (incoming.source === 'provider' && current?.source === 'admin') return [];
  if (sameResult(current, incoming)) return [];

  const data = { periodId: command.periodId, optionId, ...incoming };
  if (context.periodCompleted) {
    const pending = state.pending.get(optionId);
    if (incoming.source === 'provider' && pending?.source === 'admin') return [];
    if (sameResult(pending, incoming)) return [];
    return [{ type: 'ResultHeldPending', data }];
  }
  return [{ type: 'ResultRecorded', data }];
}

export function decideDeleteResult(
  command: DeleteResult,
  state: ResultsState,
  context: ResultsContext,
): ResultsEvent[] {
  // Held results cover what arrives while completed; a deletion has no held form, so it waits for a reopen.
  if (context.periodCompleted) {
    throw new DomainError(
      ErrorCodes.RESULT_PERIOD_COMPLETED,
      `Period ${command.periodId} is completed; reopen it to delete a result.`,
    );
  }
  if (!state.results.has(command.optionId)) {
    throw new DomainError(ErrorCodes.RESULT_NOT_FOUND, 'This option has no result.');
  }
  return [{ type: 'ResultDeleted', data: { periodId: command.periodId, optionId: command.optionId } }];
}

export function decideApplyPendingResults(
  command: ApplyPendingResults,
  state: ResultsState,
  context: ResultsContext,
): ResultsEvent[] {
  if (context.periodCompleted) return [];
  const events: ResultsEvent[] = [];
  for (const [optionId, pending] of state.pending) {
    if (pending.source === 'provider' && state.results.get(optionId)?.source === 'admin') continue;
    events.push({ type: 'ResultRecorded', data: { periodId: command.periodId, optionId, ...pending } });
  }
  return events;
}
