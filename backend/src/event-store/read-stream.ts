import type { DomainEvent, StreamModel, StreamQuestion } from '../shared/domain/event.js';
import type { EventStore, ReadStreamOptions, RecordedEvent } from './event-store.port.js';

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
 * A stream's stored events as its context's events. This is the one place that narrows a stream's
 * stored events to a domain event union (projections get the log's typed by the engine's filter on
 * their `eventTypes`, projections/projection.ts), and it is a type assertion, not a check: a stream
 * id belongs to one context (`scripts/check-architecture.mjs`), only that context's deciders append
 * to it, and event shapes are never changed in place, so what the stream holds is what its union says.
 */
function asStreamRead<Event extends DomainEvent>(recorded: RecordedEvent[]): StreamRead<Event> {
  return {
    events: recorded as Recorded<Event>[],
    version: recorded.length === 0 ? 'no_stream' : recorded[recorded.length - 1]!.version,
  };
}

/** The one fold: a stream's events through its model, and the version they were read at. */
export function fold<State, Event extends DomainEvent>(
  recorded: RecordedEvent[],
  model: StreamModel<State, Event>,
): Aggregate<State> {
  const { events, version } = asStreamRead<Event>(recorded);
  const state = events.reduce((current, event) => model.evolve(current, event), model.initialState());
  return { state, version };
}

/** Reads a stream (whole, or from a version on) as its context's events. */
export async function readStream<Event extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
  options?: ReadStreamOptions,
): Promise<StreamRead<Event>> {
  return asStreamRead<Event>(await eventStore.readStream(streamId, options));
}

/** Reads a stream and folds it with its model: the state and the version it was read at. */
export async function loadAggregate<State, Event extends DomainEvent>(
  eventStore: EventStore,
  streamId: string,
  model: StreamModel<State, Event>,
): Promise<Aggregate<State>> {
  return fold(await eventStore.readStream(streamId), model);
}

/** The question "what is this stream's state?", for `ask` or `decideAndAppend`'s `alongside`. */
export function stateOf<State, Event extends DomainEvent>(
  streamId: string,
  model: StreamModel<State, Event>,
): StreamQuestion<State> {
  return { streamId, answer: (foldWith) => foldWith(model) };
}

export type Answers<Questions extends readonly StreamQuestion<unknown>[]> = {
  -readonly [K in keyof Questions]: Questions[K] extends StreamQuestion<infer Answer> ? Answer : never;
};

/** Answers one question from a stream's events already read. */
export function answer<Answer>(question: StreamQuestion<Answer>, recorded: RecordedEvent[]): Answer {
  return question.answer((model) => fold(recorded, model).state);
}

/**
 * Reads the streams of several questions in one round trip (`EventStore.readStreams`) and answers
 * each from its own stream, in the order asked.
 */
export async function ask<const Questions extends readonly StreamQuestion<unknown>[]>(
  eventStore: EventStore,
  questions: Questions,
): Promise<Answers<Questions>> {
  const read = await eventStore.readStreams(questions.map((question) => question.streamId));
  return questions.map((question, index) => answer(question, read[index]!)) as Answers<Questions>;
}

/**
 * Reads a stream to decide on and, in the same round trip, the stream of another question: the
 * aggregate with its version, and the answer.
 */
export async function loadAggregateAlongside<State, Event extends DomainEvent, Answer>(
  eventStore: EventStore,
  streamId: string,
  model: StreamModel<State, Event>,
  alongside: StreamQuestion<Answer>,
): Promise<{ aggregate: Aggregate<State>; answer: Answer }> {
  const [own, other] = await eventStore.readStreams([streamId, alongside.streamId]);
  return { aggregate: fold(own!, model), answer: answer(alongside, other!) };
}

/**
 * Every stored event of the given types after a position (the whole log by default), oldest
 * first, handed to `visit` as the context's events (narrowed like a stream read: only their own
 * context appends these types); answers the position it read up to, to go on from there later.
 * A log scan, for the rare question no stream answers alone (which players picked in a period).
 */
export async function scanEvents<Event extends DomainEvent>(
  eventStore: EventStore,
  types: readonly Event['type'][],
  visit: (event: Recorded<Event>) => void,
  after = 0n,
): Promise<bigint> {
  const chunk = 5_000;
  for (let from = after; ;) {
    const recorded = await eventStore.readAll({ after: from, maxCount: chunk, types });
    for (const event of asStreamRead<Event>(recorded).events) visit(event);
    if (recorded.length > 0) from = recorded.at(-1)!.position;
    if (recorded.length < chunk) return from;
  }
}
