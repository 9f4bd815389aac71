/** The standings context's public face: all that other contexts and the composition root may import of it. */
export {
  last10Standings,
  overallEntrants,
  overallStandings,
  periodScores,
  survivorStandings,
  type Last10Row,
  type OptionOutcome,
  type PeriodInfo,
  type ScoredPick,
  type StandingRow,
  type StandingsUser,
  type SurvivorRow,
} from './domain/index.js';
export { standingsProjection } from './projection/standings.projection.js';
export { withEmailsFor } from './queries/email-privacy.js';
export { LeaderboardQueries } from './queries/leaderboard.queries.js';
export { StandingsModule } from './standings.module.js';
