/** The notifications context's public face: all that other contexts and the composition root may import of it. */
export { NotificationsModule } from './notifications.module.js';
