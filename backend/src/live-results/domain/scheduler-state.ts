import { assertNever, type DomainEvent, type StreamModel } from '../../shared/domain/event.js';

/*
 * The results scheduler's switch, as events on its own stream, so that "running" survives a
 * restart and every app instance sees the same switch.
 */
export const schedulerStreamId = 'scheduler';

export type SchedulerEvent =
  | DomainEvent<'ResultsSchedulerStarted', { actor: string }>
  | DomainEvent<'ResultsSchedulerStopped', { actor: string }>;

export interface SchedulerState {
  running: boolean;
  /** Someone has switched it at least once (the autostart happens only on a pool's first start). */
  everSwitched: boolean;
}

export function initialSchedulerState(): SchedulerState {
  return { running: false, everSwitched: false };
}

export function evolveScheduler(state: SchedulerState, event: SchedulerEvent): SchedulerState {
  switch (event.type) {
    case 'ResultsSchedulerStarted':
      return { running: true, everSwitched: true };
    case 'ResultsSchedulerStopped':
      return { running: false, everSwitched: true };
    default:
      return assertNever(event);
  }
}

export const schedulerModel: StreamModel<SchedulerState, SchedulerEvent> = {
  initialState: initialSchedulerState,
  evolve: evolveScheduler,
};

/** Starting a running scheduler decides nothing (so does stopping a stopped one). */
export function decideStartScheduler(state: SchedulerState, actor: string): SchedulerEvent[] {
  return state.running ? [] : [{ type: 'ResultsSchedulerStarted', data: { actor } }];
}

export function decideStopScheduler(state: SchedulerState, actor: string): SchedulerEvent[] {
  return state.running ? [{ type: 'ResultsSchedulerStopped', data: { actor } }] : [];
}

/** On a pool's first start, with autostart on, the scheduler starts itself; never after a stop. */
export function decideAutostart(state: SchedulerState, actor: string): SchedulerEvent[] {
  return state.everSwitched ? [] : decideStartScheduler(state, actor);
}

/** The switch as it acts: on once started, and on before anyone switched it where autostart is set. */
export function schedulerIsOn(state: SchedulerState, autostart: boolean): boolean {
  return state.running || (autostart && !state.everSwitched);
}
