/** Who caused an event. */
export type EventSource = 'player' | 'admin' | 'provider' | 'system';

export interface EventMetadata {
  /** User id of the acting person, or a name such as "system" / "football-data". */
  actor: string;
  correlationId: string;
  causationId: string | null;
  occurredAt: string;
  source: EventSource;
  /** The key of the pool the event belongs to (docs/adr/015); absent for the default pool and for install-wide streams. */
  pool?: string;
}

/** An event as a decider produces it: no metadata yet, the handler adds it. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/**
 * How a stream's state is folded from its events: each context's `domain/` exports one per kind of
 * stream (`picksModel`, `periodModel`, …), and the event store's `loadAggregate` folds with it.
 */
export interface StreamModel<State, Event extends DomainEvent> {
  initialState(): State;
  evolve(state: State, event: Event): State;
}

/**
 * A question about one stream, answered from its state: the stream's owner names the stream and
 * answers from the state folded with its own model (`fold`), so another context can read that
 * stream in the same round trip as its own (event-store/read-stream.ts `ask`) without knowing the
 * stream's events.
 */
export interface StreamQuestion<Answer> {
  readonly streamId: string;
  answer(fold: <State, Event extends DomainEvent>(model: StreamModel<State, Event>) => State): Answer;
}

/** What a command carries besides its payload: the acting user and the time (never `new Date()` in domain). */
export interface CommandContext {
  actor: string;
  source: EventSource;
  now: Date;
  correlationId: string;
  causationId?: string | null;
}

export function metadataFor(context: CommandContext): EventMetadata {
  return {
    actor: context.actor,
    correlationId: context.correlationId,
    causationId: context.causationId ?? null,
    occurredAt: context.now.toISOString(),
    source: context.source,
  };
}

/** Exhaustiveness check for switches over unions. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
