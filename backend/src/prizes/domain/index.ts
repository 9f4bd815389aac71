export * from './money.js';
export * from './prize.js';
export * from './payouts.js';
export * from './prizes.decider.js';
