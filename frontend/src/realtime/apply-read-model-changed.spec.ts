import { describe, expect, test } from '@jest/globals';
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { applyReadModelChanged } from './apply-read-model-changed';

function seededClient(): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  queryClient.setQueryData(['periods'], []);
  queryClient.setQueryData(['periods', 1], { id: 1 });
  queryClient.setQueryData(['periods', 2], { id: 2 });
  queryClient.setQueryData(['epl-schedule'], []);
  queryClient.setQueryData(['health'], { status: 'ok' });
  return queryClient;
}

function invalidatedKeys(queryClient: QueryClient): QueryKey[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => query.state.isInvalidated)
    .map((query) => query.queryKey);
}

const notice = (queryKeys: (string | number)[][]) => ({ readModels: ['test'], queryKeys, position: '42' });

describe('applyReadModelChanged', () => {
  test('a key invalidates itself and the keys below it, nothing else', async () => {
    const queryClient = seededClient();

    await applyReadModelChanged(queryClient, notice([['periods']]));

    expect(invalidatedKeys(queryClient)).toEqual([['periods'], ['periods', 1], ['periods', 2]]);
  });

  test('a notice for an official board reaches the live tables too (a result ends provisional points)', async () => {
    const queryClient = seededClient();
    queryClient.setQueryData(['leaderboards', 'overall'], []);
    queryClient.setQueryData(['leaderboards', 'live', 'overall'], { live: true });
    queryClient.setQueryData(['leaderboards', 'live', 'survivor'], { live: true });

    await applyReadModelChanged(queryClient, notice([['leaderboards', 'overall']]));

    expect(invalidatedKeys(queryClient)).toEqual([
      ['leaderboards', 'overall'],
      ['leaderboards', 'live', 'overall'],
      ['leaderboards', 'live', 'survivor'],
    ]);
  });

  test('a specific key leaves its parent and siblings alone', async () => {
    const queryClient = seededClient();

    await applyReadModelChanged(queryClient, notice([['periods', 1]]));

    expect(invalidatedKeys(queryClient)).toEqual([['periods', 1]]);
  });

  test('every key of the notice is applied', async () => {
    const queryClient = seededClient();

    await applyReadModelChanged(queryClient, notice([['epl-schedule'], ['health']]));

    expect(invalidatedKeys(queryClient)).toEqual([['epl-schedule'], ['health']]);
  });

  test('an empty key is ignored instead of invalidating everything', async () => {
    const queryClient = seededClient();

    await applyReadModelChanged(queryClient, notice([[], ['health']]));

    expect(invalidatedKeys(queryClient)).toEqual([['health']]);
  });

  test('a query on screen refetches; one off screen only becomes invalidated', async () => {
    const queryClient = seededClient();
    let fetches = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['periods', 2],
      queryFn: async () => {
        fetches += 1;
        return { id: 2, fetches };
      },
      staleTime: Infinity,
    });
    const unsubscribe = observer.subscribe(() => {});

    await applyReadModelChanged(queryClient, notice([['periods']]));

    expect(fetches).toBe(1);
    expect(queryClient.getQueryData(['periods', 2])).toEqual({ id: 2, fetches: 1 });
    expect(queryClient.getQueryState(['periods', 1])?.isInvalidated).toBe(true);
    unsubscribe();
  });
});
