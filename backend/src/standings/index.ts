/** The standings context's public face: all that other contexts and the composition root may import of it. */
export type { StandingsUser } from './domain/index.js';
export { standingsProjection } from './projection/standings.projection.js';
export { withEmailsFor } from './queries/email-privacy.js';
export { LeaderboardQueries } from './queries/leaderboard.queries.js';
export { StandingsModule } from './standings.module.js';
