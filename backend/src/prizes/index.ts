/** The prizes context's public face: all that other contexts and the composition root may import of it. */
export { PrizesModule } from './prizes.module.js';
export { prizesProjection } from './queries/prizes.projection.js';
