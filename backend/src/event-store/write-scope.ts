import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The furthest log position one unit of work (an HTTP command request) has stored. The event
 * store notes every append here (event-store.module.ts), so writers never say what they wrote: the
 * read-your-writes interceptor answers with it and waits for it (projections/read-your-writes.ts).
 */
export interface WriteScope {
  position: bigint | null;
}

const writeScope = new AsyncLocalStorage<WriteScope>();

/** Runs `work` in a fresh scope; `scope.position` holds what it stored once it is done. */
export function inWriteScope<T>(scope: WriteScope, work: () => T): T {
  return writeScope.run(scope, work);
}

export function noteWritten(position: bigint | null): void {
  const scope = writeScope.getStore();
  if (scope === undefined || position === null) return;
  if (scope.position === null || position > scope.position) scope.position = position;
}

/** What the current scope has stored so far, or null (nothing, or no scope: a scheduler, the CLI). */
export function writtenSoFar(): bigint | null {
  return writeScope.getStore()?.position ?? null;
}
