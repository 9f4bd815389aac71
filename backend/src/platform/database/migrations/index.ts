import { EventStore1764000000000 } from './1764000000000-event-store.js';
import { Projections1764000000001 } from './1764000000001-projections.js';

/** Every schema change, in order. Applied at start-up; never `synchronize`. */
export const migrations = [EventStore1764000000000, Projections1764000000001];
