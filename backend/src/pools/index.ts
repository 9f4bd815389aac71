/** The pools context's public face: all that other contexts and the composition root may import of it. */
export { PoolDirectory } from './pool-directory.js';
export { poolRoutes } from './pool-routes.js';
export { PoolsModule } from './pools.module.js';
