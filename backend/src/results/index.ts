/** The results context's public face: all that other contexts and the composition root may import of it. */
export { outcomesFromScore, type Outcome } from './domain/outcome.js';
export {
  decideApplyPendingResults,
  decideDeleteResult,
  decideRecordResult,
  evolveResults,
  initialResultsState,
  parseAdminResult,
  type ProviderResultReport,
  type ResultRecordedData,
  type ResultReport,
  type ResultsEvent,
  type ResultsState,
} from './domain/results.js';
