export { isLocked } from './domain/decide-picks.js';
export { picksEventTypes, type ChoiceMadeData, type PicksEvent } from './domain/picks.events.js';
export { PicksModule } from './picks.module.js';
