export * from './errors.js';
export * from './rules.js';
export * from './periods.js';
export * from './health.js';
export * from './socket.js';
export * from './game.js';
