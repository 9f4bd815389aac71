export { PrizesModule } from './prizes.module.js';
export { prizesProjection } from './queries/prizes.projection.js';
