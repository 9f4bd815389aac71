import { defaultRules } from '@treble/contracts';
import {
  decideApplyPendingResults,
  decideDeleteResult,
  decideRecordResult,
  evolveResults,
  initialResultsState,
  type ApplyPendingResults,
  type DeleteResult,
  type RecordResult,
  type ResultsContext,
  type ResultsEvent,
  type ResultsState,
} from '../../src/results/domain/results.js';
import { deciderSpec } from './decider-spec.js';

/** The results deciders under one given/when/then, for the results specs (the handlers call each decider itself). */
export const resultsSpec = deciderSpec<
  RecordResult | DeleteResult | ApplyPendingResults,
  ResultsState,
  ResultsEvent,
  ResultsContext
>({
  initialState: initialResultsState,
  evolve: evolveResults,
  decide: (command, state, context) =>
    command.type === 'RecordResult'
      ? decideRecordResult(command, state, context)
      : command.type === 'DeleteResult'
        ? decideDeleteResult(command, state, context)
        : decideApplyPendingResults(command, state, context),
});

/** A period still being played, and one completed. */
export const openPeriod: ResultsContext = { rules: defaultRules, periodCompleted: false };
export const completedPeriod: ResultsContext = { rules: defaultRules, periodCompleted: true };
