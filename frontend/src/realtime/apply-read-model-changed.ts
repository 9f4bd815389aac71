import type { QueryClient } from '@tanstack/react-query';
import type { ReadModelChangedNotice } from '@treble/contracts';

/**
 * Invalidates the queries a `read-model-changed` notice names, and nothing else. Each key is a
 * hierarchical prefix: ['periods'] covers ['periods'] and ['periods', 7], while ['periods', 7]
 * leaves ['periods'] alone. Invalidated queries that are on screen refetch; the rest refetch when
 * next used. An empty key would match every query, so it is ignored rather than trusted.
 */
export async function applyReadModelChanged(
  queryClient: QueryClient,
  notice: Pick<ReadModelChangedNotice, 'queryKeys'>,
): Promise<void> {
  const keys = notice.queryKeys.filter((key) => Array.isArray(key) && key.length > 0);
  await Promise.all(keys.map((key) => queryClient.invalidateQueries({ queryKey: [...key] })));
}
