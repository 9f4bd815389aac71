import { afterEach, describe, expect, test } from '@jest/globals';
import { QueryObserver, type QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@treble/contracts';
import { createQueryClient } from '../query-client';
import { applyReadModelChanged } from '../realtime/apply-read-model-changed';
import {
  lastKnownPosition,
  noteKnownPosition,
  requestJson,
  resetKnownPosition,
  type FetchLike,
} from './http';
import { invalidatePicks } from './picks';

/**
 * A server double for one read, `GET /api/periods/1/options`: it records the position each request
 * names and answers, when told to, marked with `X-Read-Position` (the tables reached it) or not.
 */
function optionsServer() {
  const named: (string | undefined)[] = [];
  const waiting: ((marked: boolean) => void)[] = [];
  const fetch: FetchLike = (_input, init) => {
    const after = (init.headers as Record<string, string>)['X-After-Position'];
    named.push(after);
    return new Promise((resolve) => {
      waiting.push((marked) =>
        resolve({
          ok: true,
          status: 200,
          statusText: 'OK',
          headers: { get: (name: string) => (name === 'X-Read-Position' && marked ? (after ?? null) : null) },
          text: () => Promise.resolve(JSON.stringify([{ id: '1-ARS', answer: named.length }])),
        }),
      );
    });
  };
  /** Answers the oldest request still waiting. */
  const answer = async (marked = true) => {
    for (let i = 0; i < 50 && waiting.length === 0; i += 1) await Promise.resolve();
    const next = waiting.shift();
    if (!next) throw new Error('no request is waiting');
    next(marked);
  };
  return { fetch, named, answer, waitingCount: () => waiting.length };
}

function watchOptions(queryClient: QueryClient, fetch: FetchLike) {
  const observer = new QueryObserver(queryClient, {
    queryKey: queryKeys.options(1),
    queryFn: ({ signal }) => requestJson<unknown[]>('/api/periods/1/options', { signal, fetch }),
  });
  const seen: unknown[] = [];
  const unsubscribe = observer.subscribe((result) => {
    if (result.status === 'success' && result.fetchStatus === 'idle') seen.push(result.data);
  });
  const settled = async () => {
    for (let i = 0; i < 50 && queryClient.isFetching() > 0; i += 1)
      await new Promise((r) => setTimeout(r, 0));
    expect(queryClient.isFetching()).toBe(0);
  };
  return { unsubscribe, seen, settled };
}

const notice = (position: string) => ({ queryKeys: [queryKeys.options(1)], position });

/**
 * A browser that knows of `known` and shows the options; with `answered`, their first answer (marked)
 * is in.
 */
async function showingOptions(known: string, { answered = true } = {}) {
  noteKnownPosition(known);
  const server = optionsServer();
  const queryClient = createQueryClient({ onSignedOut: () => {} });
  const view = watchOptions(queryClient, server.fetch);
  if (answered) {
    await server.answer();
    await view.settled();
  }
  return { server, queryClient, view };
}

describe('read positions (ADR 013)', () => {
  afterEach(() => resetKnownPosition());

  test('a notice at or before what the answer holds refetches nothing; a newer one refetches, naming it', async () => {
    const { server, queryClient, view } = await showingOptions('42');

    await applyReadModelChanged(queryClient, notice('41'));
    await applyReadModelChanged(queryClient, notice('42'));
    expect(server.named).toEqual(['42']);

    const refetched = applyReadModelChanged(queryClient, notice('43'));
    await server.answer();
    await refetched;
    await view.settled();
    expect(server.named).toEqual(['42', '43']);
    expect(lastKnownPosition()).toBe(43n);
    view.unsubscribe();
  });

  test('an answer the server did not mark holds nothing known: the next notice refetches', async () => {
    const { server, queryClient, view } = await showingOptions('42', { answered: false });
    await server.answer(false);
    await view.settled();

    const refetched = applyReadModelChanged(queryClient, notice('42'));
    await server.answer();
    await refetched;
    expect(server.named).toEqual(['42', '42']);
    view.unsubscribe();
  });

  test('a notice during a fetch that named its position waits for that answer instead of a second fetch', async () => {
    const { server, queryClient, view } = await showingOptions('50', { answered: false });

    await applyReadModelChanged(queryClient, notice('50'));
    expect(server.waitingCount()).toBe(1);
    await server.answer();
    await view.settled();
    expect(server.named).toEqual(['50']);
    expect(view.seen).toHaveLength(1);
    view.unsubscribe();
  });

  test('when that answer comes back unmarked (the server gave up waiting), the skipped change is fetched', async () => {
    const { server, queryClient, view } = await showingOptions('50', { answered: false });

    await applyReadModelChanged(queryClient, notice('50'));
    await server.answer(false);
    await server.answer();
    await view.settled();
    expect(server.named).toEqual(['50', '50']);
    view.unsubscribe();
  });

  test('a notice without a readable position refetches as before', async () => {
    const { server, queryClient, view } = await showingOptions('42');

    const refetched = applyReadModelChanged(queryClient, notice('not a position'));
    await server.answer();
    await refetched;
    expect(server.named).toEqual(['42', '42']);
    view.unsubscribe();
  });

  test("a pick whose notice arrived before its answer settles without fetching the period's options again", async () => {
    const { server, queryClient, view } = await showingOptions('10');

    // The pick (stored at 11) is announced first; its answer, saying 11, comes after.
    const refetched = applyReadModelChanged(queryClient, notice('11'));
    noteKnownPosition('11');
    const settledPick = invalidatePicks(queryClient, 1);
    await server.answer();
    await Promise.all([refetched, settledPick]);
    await view.settled();
    expect(server.named).toEqual(['10', '11']);

    // And the usual order: the answer first, then its notice.
    noteKnownPosition('12');
    const settledNext = invalidatePicks(queryClient, 1);
    await server.answer();
    await settledNext;
    await view.settled();
    await applyReadModelChanged(queryClient, notice('12'));
    expect(server.named).toEqual(['10', '11', '12']);
    view.unsubscribe();
  });
});
