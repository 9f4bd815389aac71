import type { EventMetadata, DomainEvent, StreamModel, StreamQuestion } from '../shared/domain/event.js';
import { DomainError } from '../shared/domain/domain-error.js';
import { WrongExpectedVersionError, type EventStore } from './event-store.port.js';
import {
  answer,
  loadAggregate,
  loadAggregateAlongside,
  type Answers,
  type StreamVersion,
} from './read-stream.js';

export interface Decided<Event> {
  events: Event[];
  /** Global position of the last appended event, or null when nothing was decided. */
  position: bigint | null;
}

/** How many read-decide-append cycles a command gets before a version conflict reaches the caller. */
const maxAttempts = 10;

/**
 * The write path of every command: read the stream and fold it into state (`loadAggregate`), let
 * the decider decide, and append with the version that was read. If another writer got there
 * first, the whole cycle runs again on the new state, so a rule the decider enforces holds under
 * concurrency, and a command whose outcome does not depend on the lost race (one more use of an
 * invitation, one more prize, another period's pick) simply succeeds on the next cycle; a command
 * the new state refuses (the 4th pick, the 8th use of a team) gets its own rule error from the
 * decider. Only when the stream keeps moving for every attempt does the conflict reach the caller
 * (409). `decide` may be async when what it needs depends on the state read (a pool's season from
 * before pool years): it runs inside the cycle, so it sees the same state the append expects.
 *
 * `alongside`: another stream the decision needs (a question its owner answers, e.g. the period a
 * pick is for), read in the same round trip as the stream decided on, on every cycle, and handed
 * to `decide`. Only the decided stream's version is checked at the append.
 *
 * Within one process, the cycles on one stream take turns (a queue per stream), so hundreds of
 * sign-ups through one invitation link do not race each other at all; the retry is left for
 * writers in other processes (several app instances on one database).
 */
export async function decideAndAppend<State, Event extends DomainEvent, Read = undefined>(
  eventStore: EventStore,
  streamId: string,
  model: StreamModel<State, Event>,
  decide: (state: State, read: Read) => Event[] | Promise<Event[]>,
  metadata: EventMetadata,
  { alongside }: { alongside?: StreamQuestion<Read> } = {},
): Promise<Decided<Event>> {
  const cycle = async (): Promise<Decided<Event>> => {
    const { aggregate, answer } =
      alongside === undefined
        ? { aggregate: await loadAggregate(eventStore, streamId, model), answer: undefined as Read }
        : await loadAggregateAlongside(eventStore, streamId, model, alongside);
    const events = await decide(aggregate.state, answer);
    if (events.length === 0) return { events, position: null };
    const { position } = await eventStore.append(
      streamId,
      events.map((event) => ({ type: event.type, data: event.data, metadata })),
      aggregate.version,
    );
    return { events, position };
  };
  return untilNoConflict(() => inTurn(eventStore, streamId, cycle));
}

/** Runs a read-decide-append cycle again after a lost race, up to `maxAttempts` times. */
async function untilNoConflict<T>(cycle: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await cycle();
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= maxAttempts) throw error;
      // Another process got there first: back off a little, with jitter, so racing instances do
      // not collide in lockstep.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }
}

/**
 * Answers a decision's questions, noting the version of every stream it answered from; `prefetch`
 * names streams it will likely ask about next (read alongside when not kept, not answered).
 */
export type DecisionAsk = <const Questions extends readonly StreamQuestion<unknown>[]>(
  questions: Questions,
  prefetch?: readonly string[],
) => Promise<Answers<Questions>>;

/** What a decision on kept streams decided: the stream to append to (one it asked about), and the events. */
export interface KeptDecision {
  streamId: string;
  events: DomainEvent[];
}

/**
 * The write path of a command that must cost few round trips (a pick, ADR 018): every stream it
 * reads comes from the streams this process keeps (`readStreams` with `cached`, decision-cache.ts),
 * so a warm decision reads nothing from the database; its append expects the decided stream and
 * every other stream it asked about at the versions it read, in one statement. A stale one fails
 * the append, is forgotten, and the decision runs again on fresh reads, as a lost race does in
 * `decideAndAppend`. Decisions with the same `turn` (a player) take turns in this process.
 */
export async function decideOnKeptStreams(
  eventStore: EventStore,
  turn: string,
  metadata: EventMetadata,
  decide: (ask: DecisionAsk) => Promise<KeptDecision>,
): Promise<void> {
  const cycle = async (cached: true | 'refresh'): Promise<void> => {
    const versions = new Map<string, StreamVersion>();
    const ask = (async (questions: readonly StreamQuestion<unknown>[], prefetch?: readonly string[]) => {
      const read = await eventStore.readStreams(
        questions.map((question) => question.streamId),
        { cached, prefetch },
      );
      return questions.map((question, index) => {
        versions.set(question.streamId, read[index]!.at(-1)?.version ?? 'no_stream');
        return answer(question, read[index]!);
      });
    }) as DecisionAsk;
    const { streamId, events } = await decide(ask);
    if (events.length === 0) return;
    const expected = versions.get(streamId);
    if (expected === undefined) throw new Error(`A decision on ${streamId} must ask about it first`);
    versions.delete(streamId);
    await eventStore.append(
      streamId,
      events.map((event) => ({ type: event.type, data: event.data, metadata })),
      expected,
      { alsoExpect: [...versions].map(([id, version]) => ({ streamId: id, version })) },
    );
  };
  // A refusal (a rule the decider enforces) may come from a stale stream: it stands only on fresh reads.
  const refusedFresh = () =>
    cycle(true).catch((error: unknown) => {
      if (error instanceof DomainError) return cycle('refresh');
      throw error;
    });
  return untilNoConflict(() => inTurn(eventStore, `turn:${turn}`, refusedFresh));
}

/** The tail of each stream's queue, per event store (several apps may share one process in tests). */
const queues = new WeakMap<EventStore, Map<string, Promise<unknown>>>();

/** Runs `work` once every earlier cycle on the same stream of the same store has finished. */
async function inTurn<T>(eventStore: EventStore, streamId: string, work: () => Promise<T>): Promise<T> {
  const streams = queues.get(eventStore) ?? new Map<string, Promise<unknown>>();
  queues.set(eventStore, streams);
  const previous = streams.get(streamId) ?? Promise.resolve();
  const mine = previous.then(work, work);
  const tail = mine.catch(() => undefined);
  streams.set(streamId, tail);
  try {
    return await mine;
  } finally {
    if (streams.get(streamId) === tail) streams.delete(streamId);
  }
}
