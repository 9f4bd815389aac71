/** The picks context's public face: all that other contexts and the composition root may import of it. */
export { isLocked } from './domain/decide-picks.js';
export { picksEventTypes, type ChoiceMadeData, type PicksEvent } from './domain/picks.events.js';
export { PicksModule } from './picks.module.js';
