import { ErrorCodes } from '@treble/contracts';
import { DomainError } from '../../shared/domain/domain-error.js';
import { optionIdFor } from './period-admin.js';
import { hasResult, type PeriodEvent, type PeriodState } from './period.js';
import { matchweekWindow, type Fixture, type FixtureStatus } from './season-schedule.js';

/*
 * What the results provider may change about a period's fixtures (stream `period-{id}`): a
 * fixture's kickoff and whether it goes ahead, and the period's completion once every fixture is
 * played. Pure: the provider's view and "now" arrive as arguments.
 */

/** The provider's current view of one fixture. */
export interface FixtureUpdate {
  fixtureId: string;
  /** UTC instant (ISO 8601); null when the match has no date (postponed, not re-dated). */
  kickoff: string | null;
  status: FixtureStatus;
}

function canonicalInstant(kickoff: string | null): string | null {
  if (kickoff === null) return null;
  const time = Date.parse(kickoff);
  if (Number.isNaN(time))
    throw new DomainError(ErrorCodes.VALIDATION_FAILED, `kickoff: "${kickoff}" is not a date-time`);
  return new Date(time).toISOString();
}

/**
 * A changed kickoff or status becomes `FixtureUpdated` (which moves the options' lock time and
 * availability); an unchanged one decides nothing, so re-syncing is harmless. A fixture that is not
 * in this period decides nothing either: a rescheduled match stays in its own matchweek, whatever
 * date it moves to, and is never moved to another period. The period's window follows: when the
 * first kickoff or the end of the last match moves, `PeriodWindowMoved` carries the new dates (a
 * postponed match without a new date does not stretch it; a period whose every fixture is off keeps
 * its window).
 */
export function decideSyncFixture(state: PeriodState, update: FixtureUpdate): PeriodEvent[] {
  if (!state.scheduled || state.periodId === null) return [];
  const fixture = state.fixtures.get(update.fixtureId);
  if (!fixture) return [];
  const kickoff = canonicalInstant(update.kickoff);
  if (canonicalInstant(fixture.kickoff) === kickoff && fixture.status === update.status) return [];
  const events: PeriodEvent[] = [
    {
      type: 'FixtureUpdated',
      data: { periodId: state.periodId, fixtureId: fixture.fixtureId, kickoff, status: update.status },
    },
  ];
  const fixtures = [...state.fixtures.values()].map((f) =>
    f.fixtureId === fixture.fixtureId ? { ...f, kickoff, status: update.status } : f,
  );
  const window = matchweekWindow(fixtures);
  if (window && (window.startDate !== state.startDate || window.endDate !== state.endDate)) {
    events.push({ type: 'PeriodWindowMoved', data: { periodId: state.periodId, ...window } });
  }
  return events;
}

/** The two EPL options a fixture stands behind (home team's, away team's), as ids. */
export function fixtureOptionIds(
  periodId: number,
  fixture: Pick<Fixture, 'home' | 'away'>,
): { home: string; away: string } {
  return { home: optionIdFor(periodId, fixture.home.code), away: optionIdFor(periodId, fixture.away.code) };
}

/** True when the fixture goes ahead no more (postponed or cancelled) where it did before. */
export function isCalledOff(before: FixtureStatus, after: FixtureStatus): boolean {
  return before === 'SCHEDULED' && (after === 'POSTPONED' || after === 'CANCELLED');
}

/** Both options of the fixture have a result (applied, or held while the period is completed). */
export function fixtureHasResult(state: PeriodState, fixture: Fixture): boolean {
  if (state.periodId === null) return false;
  const ids = fixtureOptionIds(state.periodId, fixture);
  return hasResult(state, ids.home) && hasResult(state, ids.away);
}

/**
 * Auto completion (docs/rules.md, period lifecycle): when every fixture of the period is finished (as
 * the provider reports: `finishedFixtureIds`) and has a result on both its options, the period
 * completes with `manual: false`. It never happens:
 * - with a postponed or cancelled fixture: an admin completes such a period;
 * - for a period without fixtures (an admin's custom period: nothing tells when it is over);
 * - for an inactive period: an admin deactivated it, or it had ended before the pool imported the
 *   season; completing it would hand every player a survivor strike for a week nobody could play.
 */
export function decideAutoCompletePeriod(
  state: PeriodState,
  finishedFixtureIds: ReadonlySet<string>,
  now: Date,
): PeriodEvent[] {
  if (!state.scheduled || state.periodId === null) return [];
  if (state.isCompleted || !state.isActive || state.fixtures.size === 0) return [];
  for (const fixture of state.fixtures.values()) {
    if (fixture.status !== 'SCHEDULED') return [];
    if (!finishedFixtureIds.has(fixture.fixtureId)) return [];
    const ids = fixtureOptionIds(state.periodId, fixture);
    if (!state.results.results.has(ids.home) || !state.results.results.has(ids.away)) return [];
  }
  return [
    {
      type: 'PeriodCompleted',
      data: { periodId: state.periodId, manual: false, completedAt: now.toISOString() },
    },
  ];
}
