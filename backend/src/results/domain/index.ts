export * from './outcome.js';
export * from './results.js';
