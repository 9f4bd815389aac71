import { expect } from '@jest/globals';
import type { ErrorCode } from '@treble/contracts';
import { DomainError } from '../../src/shared/domain/domain-error.js';

/**
 * Given/when/then for deciders: the past as events, a command, and what is decided.
 *
 *   const spec = deciderSpec({ initialState, evolve, decide });
 *   spec.given([earlier, events]).when(command, context).then([decided, events]);
 *   spec.given([...]).when(command, context).thenRefused(ErrorCodes.SOME_CODE);
 *   spec.given([...]).when(command, context).thenNothing();
 *
 * `decide` takes the command, the state folded from the given events, and the context the handler
 * would read elsewhere (rules, "now", another stream's view); a decider that needs no context leaves
 * it out, and `when(command)` then takes none. Deciders whose arguments are not a command object can
 * be given a closure as the command: `decide: (run, state) => run(state)`.
 */
export interface DeciderUnderTest<Command, State, Event, Context = undefined> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  decide: (command: Command, state: State, context: Context) => readonly Event[];
}

export interface DeciderOutcome<State, Event> {
  /** Exactly these events are decided; returns the state with them folded in, for a next step. */
  then(expected: readonly Event[]): State;
  /** The command is refused with this stable error code (and, when given, this message). */
  thenRefused(code: ErrorCode, message?: string): DomainError;
  /** The command is accepted and decides no event (an idempotent repeat, an ignored report). */
  thenNothing(): State;
}

type ContextArgument<Context> = undefined extends Context ? [context?: Context] : [context: Context];

export interface Given<Command, State, Event, Context> {
  /** The state folded from the given events (folded on each read). */
  readonly state: State;
  when(command: Command, ...context: ContextArgument<Context>): DeciderOutcome<State, Event>;
}

export interface DeciderSpec<Command, State, Event, Context> {
  given(events: readonly Event[]): Given<Command, State, Event, Context>;
}

export function deciderSpec<Command, State, Event, Context = undefined>(
  decider: DeciderUnderTest<Command, State, Event, Context>,
): DeciderSpec<Command, State, Event, Context> {
  const fold = (state: State, events: readonly Event[]): State => events.reduce(decider.evolve, state);
  return {
    // The events are folded when a test asks, not when `given` is called: StrykerJS switches a
    // mutant on per test, so a fold run while a describe block is collected would not see it.
    given(events) {
      return {
        get state() {
          return fold(decider.initialState(), events);
        },
        when(command, ...context) {
          const state = fold(decider.initialState(), events);
          const decide = () => decider.decide(command, state, context[0] as Context);
          return {
            then(expected) {
              const decided = decide();
              expect(decided).toEqual(expected);
              return fold(state, decided);
            },
            thenRefused(code, message) {
              let error: unknown;
              let decided: readonly Event[] | undefined;
              try {
                decided = decide();
              } catch (caught) {
                error = caught;
              }
              expect(decided).toBeUndefined();
              expect(error).toBeInstanceOf(DomainError);
              const refusal = error as DomainError;
              expect(refusal.code).toBe(code);
              if (message !== undefined) expect(refusal.message).toBe(message);
              return refusal;
            },
            thenNothing() {
              expect(decide()).toEqual([]);
              return state;
            },
          };
        },
      };
    },
  };
}
