export type { FixtureUpdate } from './fixture-sync.js';
export type { Fixture, FixtureStatus } from './season-schedule.js';
export { londonLocalToUtc } from './london-time.js';
export {
  evolvePeriod,
  initialPeriodState,
  periodEventTypes,
  type PeriodEvent,
  type PeriodState,
} from './period.js';
