/** The realtime process's public face: all that other contexts and the composition root may import of it. */
export { RealtimeModule } from './realtime.module.js';
