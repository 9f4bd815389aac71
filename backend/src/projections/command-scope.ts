import { AsyncLocalStorage } from 'node:async_hooks';

/** What one HTTP command request knows about its writes (ADR 013; see read-your-writes.ts). */
export interface CommandScope {
  /** The client waits on its next reads: commands answer without waiting for projections. */
  clientWaits: boolean;
  /** The furthest log position a command of this request stored. */
  position: bigint | null;
}

export const commandScope = new AsyncLocalStorage<CommandScope>();

/**
 * Called by `ProjectionEngine.settle` for every position a command waits for: records it for the
 * answer's `X-Log-Position`, and says whether the request's client will wait itself.
 */
export function noteCommandPosition(position: bigint): { clientWaits: boolean } {
  const scope = commandScope.getStore();
  if (scope === undefined) return { clientWaits: false };
  if (scope.position === null || position > scope.position) scope.position = position;
  return { clientWaits: scope.clientWaits };
}
