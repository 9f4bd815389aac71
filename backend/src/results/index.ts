/** The results context's public face: all that other contexts and the composition root may import of it. */
export {
  parseAdminResult,
  type ProviderResultReport,
  type ResultRecordedData,
  type ResultReport,
  type ResultsEvent,
} from './domain/results.js';
