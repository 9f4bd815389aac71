import type { QueryClient } from '@tanstack/react-query';

export interface ClearCacheEnvironment {
  caches?: Pick<CacheStorage, 'keys' | 'delete'>;
  storage?: Pick<Storage, 'clear'>;
  reload: () => void;
}

function browserEnvironment(): ClearCacheEnvironment {
  return {
    caches: typeof caches === 'undefined' ? undefined : caches,
    storage: typeof localStorage === 'undefined' ? undefined : localStorage,
    reload: () => window.location.reload(),
  };
}

/**
 * docs/rules.md, Screens: "Clear Cache & Refresh": empties the query cache, the browser's Cache Storage (when there is
 * one) and local storage, then reloads the page. The session cookie is left alone: the player stays
 * signed in. A cache that refuses to clear does not stop the reload.
 */
export async function clearCacheAndReload(
  queryClient: QueryClient,
  environment: ClearCacheEnvironment = browserEnvironment(),
): Promise<void> {
  queryClient.clear();
  try {
    if (environment.caches) {
      const names = await environment.caches.keys();
      await Promise.all(names.map((name) => environment.caches!.delete(name)));
    }
  } catch {
    // Cache Storage can be unavailable (private windows, insecure origins); the reload still helps.
  }
  try {
    environment.storage?.clear();
  } catch {
    // Storage can be blocked by the browser's privacy settings.
  }
  environment.reload();
}
