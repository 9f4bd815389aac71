import type { Segment } from '@treble/contracts';
import { assertNever, type DomainEvent, type StreamModel } from '../../shared/domain/event.js';
import { scopedStreamId } from '../../shared/domain/season-scope.js';
import {
  evolveResults,
  initialResultsState,
  type ResultsEvent,
  type ResultsState,
} from '../../results/domain/index.js';
import type { Fixture, FixtureStatus, Matchweek } from './season-schedule.js';

/** A period is one matchweek; its stream is `period-{id}` in the pool's first season, `period-{season}-{id}` after it. */
export const periodStreamId = (periodId: number, scope: string): string =>
  scopedStreamId('period', scope, periodId);

export interface PeriodScheduledData {
  periodId: number;
  season: string;
  name: string;
  description: string | null;
  segment: Segment;
  startDate: string;
  endDate: string;
  fixtures: Fixture[];
}

/** The fixture an EPL option stands for, from that team's side. */
export interface OptionFixture {
  fixtureId: string;
  opponent: string;
  opponentCode: string;
  isHome: boolean;
  /** UTC instant; the option locks at kickoff. Null while a postponed match has no new date. */
  kickoff: string | null;
  status: FixtureStatus;
}

/**
 * One pickable option of a period: an EPL team with its fixture, or a custom option (no fixture,
 * locks at the period's start). Ids are `{periodId}-{teamCode}` for EPL options and
 * `{periodId}-c{n}` for custom ones; the team key is the team code, or the lower-cased name.
 */
export interface OptionDefinition {
  optionId: string;
  periodId: number;
  teamKey: string;
  name: string;
  shortName: string | null;
  description: string | null;
  sortOrder: number;
  fixture: OptionFixture | null;
}

export type PeriodEvent =
  | DomainEvent<'PeriodScheduled', PeriodScheduledData>
  | DomainEvent<'PeriodActivated', { periodId: number }>
  | DomainEvent<'PeriodDeactivated', { periodId: number }>
  | DomainEvent<'OptionsAdded', { periodId: number; options: OptionDefinition[] }>
  /** Options taken out of the period with their results (replace-with-EPL); picks are cleared in the players' streams. */
  | DomainEvent<'OptionsRemoved', { periodId: number; optionIds: string[] }>
  | DomainEvent<
      'FixtureUpdated',
      { periodId: number; fixtureId: string; kickoff: string | null; status: FixtureStatus }
    >
  /** The matchweek's window follows its fixtures when kickoffs move (decided with the FixtureUpdated). */
  | DomainEvent<'PeriodWindowMoved', { periodId: number; startDate: string; endDate: string }>
  | DomainEvent<'PeriodCompleted', { periodId: number; manual: boolean; completedAt: string }>
  | DomainEvent<'PeriodReopened', { periodId: number }>
  | ResultsEvent;

export const periodEventTypes = [
  'PeriodScheduled',
  'PeriodActivated',
  'PeriodDeactivated',
  'OptionsAdded',
  'OptionsRemoved',
  'FixtureUpdated',
  'PeriodWindowMoved',
  'PeriodCompleted',
  'PeriodReopened',
  'ResultRecorded',
  'ResultDeleted',
  'ResultHeldPending',
] as const satisfies readonly PeriodEvent['type'][];

export interface PeriodState {
  scheduled: boolean;
  periodId: number | null;
  /** The season it was scheduled in ('custom' for one an admin added). */
  season: string | null;
  name: string | null;
  segment: Segment | null;
  startDate: string | null;
  endDate: string | null;
  isActive: boolean;
  isCompleted: boolean;
  isManuallyCompleted: boolean;
  fixtures: ReadonlyMap<string, Fixture>;
  options: ReadonlyMap<string, OptionDefinition>;
  results: ResultsState;
}

export function initialPeriodState(): PeriodState {
  return {
    scheduled: false,
    periodId: null,
    season: null,
    name: null,
    segment: null,
    startDate: null,
    endDate: null,
    isActive: false,
    isCompleted: false,
    isManuallyCompleted: false,
    fixtures: new Map(),
    options: new Map(),
    results: initialResultsState(),
  };
}

/** The option has a result, applied or held while the period is completed. */
export function hasResult(state: PeriodState, optionId: string): boolean {
  return state.results.results.has(optionId) || state.results.pending.has(optionId);
}

function withFixture(option: OptionDefinition, fixture: Fixture): OptionDefinition {
  if (option.fixture?.fixtureId !== fixture.fixtureId) return option;
  return { ...option, fixture: { ...option.fixture, kickoff: fixture.kickoff, status: fixture.status } };
}

export function evolvePeriod(state: PeriodState, event: PeriodEvent): PeriodState {
  switch (event.type) {
    case 'PeriodScheduled': {
      const d = event.data;
      return {
        ...state,
        scheduled: true,
        periodId: d.periodId,
        season: d.season,
        name: d.name,
        segment: d.segment,
        startDate: d.startDate,
        endDate: d.endDate,
        fixtures: new Map(d.fixtures.map((f) => [f.fixtureId, f])),
      };
    }
    case 'PeriodActivated':
      return { ...state, isActive: true };
    case 'PeriodDeactivated':
      return { ...state, isActive: false };
    case 'OptionsAdded': {
      const options = new Map(state.options);
      for (const option of event.data.options) options.set(option.optionId, option);
      return { ...state, options };
    }
    case 'OptionsRemoved': {
      const options = new Map(state.options);
      const results = new Map(state.results.results);
      const pending = new Map(state.results.pending);
      for (const id of event.data.optionIds) {
        options.delete(id);
        results.delete(id);
        pending.delete(id);
      }
      return { ...state, options, results: { results, pending } };
    }
    case 'FixtureUpdated': {
      const existing = state.fixtures.get(event.data.fixtureId);
      if (!existing) return state;
      const fixture: Fixture = { ...existing, kickoff: event.data.kickoff, status: event.data.status };
      const options = new Map([...state.options].map(([id, option]) => [id, withFixture(option, fixture)]));
      return { ...state, fixtures: new Map(state.fixtures).set(fixture.fixtureId, fixture), options };
    }
    case 'PeriodWindowMoved':
      return { ...state, startDate: event.data.startDate, endDate: event.data.endDate };
    case 'PeriodCompleted':
      return { ...state, isCompleted: true, isManuallyCompleted: event.data.manual };
    case 'PeriodReopened':
      return { ...state, isCompleted: false, isManuallyCompleted: false };
    case 'ResultRecorded':
    case 'ResultDeleted':
    case 'ResultHeldPending':
      return { ...state, results: evolveResults(state.results, event) };
    default:
      return assertNever(event);
  }
}

export const periodModel: StreamModel<PeriodState, PeriodEvent> = {
  initialState: initialPeriodState,
  evolve: evolvePeriod,
};

/**
 * Scheduling a matchweek creates its period once; running the import again decides nothing.
 * A period that has not ended yet is activated at once so players can plan ahead (docs/rules.md).
 */
export function decideSchedulePeriod(
  season: string,
  matchweek: Matchweek,
  state: PeriodState,
  now: Date,
): PeriodEvent[] {
  if (state.scheduled) return [];
  const events: PeriodEvent[] = [
    {
      type: 'PeriodScheduled',
      data: {
        periodId: matchweek.number,
        season,
        name: `Matchweek ${matchweek.number}`,
        description: `Premier League ${season.replace('-', '/')} · ${matchweek.fixtures.length} fixtures`,
        segment: matchweek.segment,
        startDate: matchweek.startDate,
        endDate: matchweek.endDate,
        fixtures: matchweek.fixtures,
      },
    },
  ];
  if (Date.parse(matchweek.endDate) > now.getTime()) {
    events.push({ type: 'PeriodActivated', data: { periodId: matchweek.number } });
  }
  return events;
}
