/**
 * Waiting in tests: for a condition or an event, never for a stretch of wall time. The timeouts here
 * are failure guards only (a test that would otherwise hang fails with a message that says what never
 * happened); they are generous, because a busy 2-core machine may take seconds for what takes
 * milliseconds on an idle one, and a passing test never waits for them.
 */
import type { NoticeNews, ReadModelChangedNotice } from '@treble/contracts';

/** How long a wait may last before the test fails: well within Jest's own timeout. */
export const failureGuardMs = 30_000;

/** Between two probes of `eventually`: only spares the CPU (a probe is often an HTTP request). */
const probeIntervalMs = 20;

/**
 * Probes until the answer is a value (anything but null, undefined or false) and returns it. A probe
 * that throws counts as "not yet" (a server still starting, a read model still catching up); the last
 * error is in the message if the guard runs out.
 */
export async function eventually<T>(
  what: string,
  probe: () => T | null | undefined | false | Promise<T | null | undefined | false>,
  timeoutMs = failureGuardMs,
): Promise<T> {
  const started = Date.now();
  let lastError: unknown = null;
  for (;;) {
    try {
      const value = await probe();
      if (value !== null && value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() - started > timeoutMs) {
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`${what}: not within ${timeoutMs} ms${cause}`);
    }
    await new Promise((resolve) => setTimeout(resolve, probeIntervalMs));
  }
}

/** Awaits `promise` (an event the test expects), failing with `what` if it has not settled within the guard. */
export async function within<T>(what: string, promise: Promise<T>, timeoutMs = failureGuardMs): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([promise, guard]);
  } finally {
    clearTimeout(timer);
  }
}

/** The toasts a socket hears, as they ride its `read-model-changed` notices (`news`). */
export function onNews(
  socket: { on(event: 'read-model-changed', listener: (notice: ReadModelChangedNotice) => void): unknown },
  listener: (news: Required<NoticeNews>) => void,
): void {
  socket.on('read-model-changed', ({ news }) => {
    if (news)
      listener({ matchesFinished: news.matchesFinished ?? [], resultsRecorded: news.resultsRecorded ?? [] });
  });
}
