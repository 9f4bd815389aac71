export { APP_CONFIG } from './config/config.js';
export { CLOCK } from './clock/clock.js';
export { EVENT_STORE } from '../event-store/event-store.port.js';
