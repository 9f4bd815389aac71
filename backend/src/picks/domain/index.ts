export * from './picks.events.js';
export * from './picks.commands.js';
export * from './picks.state.js';
export * from './usage.js';
export * from './decide-picks.js';
export * from './visibility.js';
