import type { EventMetadata, DomainEvent } from '../shared/domain/event.js';
import { WrongExpectedVersionError, type EventStore, type ExpectedVersion } from './event-store.port.js';

export interface StreamModel<State, Event extends DomainEvent> {
  initialState(): State;
  evolve(state: State, event: Event): State;
}

export interface Decided<Event> {
  events: Event[];
  /** Global position of the last appended event, or null when nothing was decided. */
  position: bigint | null;
}

/**
 * The write path of every command: read the stream, fold it into state, let the pure decider
 * decide, and append with the version that was read. If another writer got there first, the whole
 * cycle runs again on the new state, so a rule the decider enforces holds under concurrency.
 */
export async function decideAndAppend<State, Event extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
  model: StreamModel<State, Event>,
  decide: (state: State) => Event[],
  metadata: EventMetadata,
  maxAttempts = 10,
): Promise<Decided<Event>> {
  for (let attempt = 1; ; attempt++) {
    const recorded = await eventStore.readStream(streamId);
    const state = recorded.reduce((current, event) => model.evolve(current, event as unknown as Event), model.initialState());
    const events = decide(state);
    if (events.length === 0) return { events, position: null };
    const expected: ExpectedVersion = recorded.length === 0 ? 'no_stream' : recorded[recorded.length - 1]!.version;
    try {
      const result = await eventStore.append(
        streamId,
        events.map((event) => ({ type: event.type, data: event.data, metadata })),
        expected,
      );
      return { events, position: result.position };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= maxAttempts) throw error;
      // Back off a little, with jitter, so many racing writers do not collide in lockstep.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}
