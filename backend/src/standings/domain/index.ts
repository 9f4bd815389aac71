export * from './display-name.js';
export * from './period-scores.js';
export * from './ranking.js';
export * from './standings.js';
export * from './survivor.js';
