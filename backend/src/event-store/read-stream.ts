import type { DomainEvent, StreamModel } from '../shared/domain/event.js';
import type { EventStore, RecordedEvent } from './event-store.port.js';

/** A recorded event as the domain event it carries: `type` and `data` of the union, the rest as stored. */
export type Recorded<Event extends DomainEvent> = Event & Omit<RecordedEvent, 'type' | 'data'>;

/** Where a stream stands: its last event's version, or `no_stream` before its first (what an append expects). */
export type StreamVersion = number | 'no_stream';

export interface StreamRead<Event extends DomainEvent> {
  events: Recorded<Event>[];
  version: StreamVersion;
}

export interface Aggregate<State> {
  state: State;
  version: StreamVersion;
}

/**
 * Reads a whole stream as its context's events. This is the one place that narrows stored events
 * to a domain event union, and it is a type assertion, not a check: a stream id belongs to one
 * context (`scripts/check-architecture.mjs`), only that context's deciders append to it, and event
 * shapes are never changed in place, so what the stream holds is what its union says.
 */
export async function readStream<Event extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
): Promise<StreamRead<Event>> {
  const recorded = await eventStore.readStream(streamId);
  return {
    events: recorded as Recorded<Event>[],
    version: recorded.length === 0 ? 'no_stream' : recorded[recorded.length - 1]!.version,
  };
}

/** Reads a stream and folds it with its model: the state and the version it was read at. */
export async function loadAggregate<State, Event extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
  model: StreamModel<State, Event>,
): Promise<Aggregate<State>> {
  const { events, version } = await readStream<Event>(eventStore, streamId);
  const state = events.reduce((current, event) => model.evolve(current, event), model.initialState());
  return { state, version };
}
