import type { Segment } from '@treble/contracts';
import { assertNever, type DomainEvent } from '../../shared/domain/event.js';
import type { Fixture, Matchweek } from './season-schedule.js';

/** A period is one matchweek; its stream is `period-{id}`. */
export const periodStreamId = (periodId: number): string => `period-${periodId}`;

export interface PeriodScheduledData {
  periodId: number;
  season: string;
  name: string;
  description: string;
  segment: Segment;
  startDate: string;
  endDate: string;
  fixtures: Fixture[];
}

export type PeriodEvent =
  | DomainEvent<'PeriodScheduled', PeriodScheduledData>
  | DomainEvent<'PeriodActivated', { periodId: number }>
  | DomainEvent<'PeriodDeactivated', { periodId: number }>;

export const periodEventTypes = ['PeriodScheduled', 'PeriodActivated', 'PeriodDeactivated'] as const;

export interface PeriodState {
  scheduled: boolean;
  periodId: number | null;
  isActive: boolean;
  endDate: string | null;
}

export function initialPeriodState(): PeriodState {
  return { scheduled: false, periodId: null, isActive: false, endDate: null };
}

export function evolvePeriod(state: PeriodState, event: PeriodEvent): PeriodState {
  switch (event.type) {
    case 'PeriodScheduled':
      return { ...state, scheduled: true, periodId: event.data.periodId, endDate: event.data.endDate };
    case 'PeriodActivated':
      return { ...state, isActive: true };
    case 'PeriodDeactivated':
      return { ...state, isActive: false };
    default:
      return assertNever(event);
  }
}

export interface SchedulePeriod {
  type: 'SchedulePeriod';
  season: string;
  matchweek: Matchweek;
}

/**
 * Scheduling a matchweek creates its period once; running the import again decides nothing.
 * A period that has not ended yet is activated at once so players can plan ahead (RULES.md).
 */
export function decideSchedulePeriod(command: SchedulePeriod, state: PeriodState, now: Date): PeriodEvent[] {
  if (state.scheduled) return [];
  const { matchweek } = command;
  const events: PeriodEvent[] = [
    {
      type: 'PeriodScheduled',
      data: {
        periodId: matchweek.number,
        season: command.season,
        name: `Matchweek ${matchweek.number}`,
        description: `Premier League ${command.season.replace('-', '/')} · ${matchweek.fixtures.length} fixtures`,
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
