export type { PicksEvent } from './picks.events.js';
