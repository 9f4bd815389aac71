export { RealtimeModule } from './realtime.module.js';
