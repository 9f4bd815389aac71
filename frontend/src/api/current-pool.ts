import { DEFAULT_POOL_ADDRESS, poolAddressPattern, poolApiPath } from '@treble/contracts';

/**
 * The pool this page shows (docs/adr/015): the web app's addresses of a pool other than the install's
 * default one start with `/p/{address}` (`/p/office-2026/leaderboards`); the default pool's have no
 * prefix, as before there were several pools. The pool is read once, when the page loads: moving to
 * another pool loads the app anew (`poolHome`), so no answer, cached query or socket of one pool
 * outlives the switch.
 */
const prefixed = /^\/p\/([^/]+)(\/.*)?$/;

export function poolOfPath(pathname: string): { address: string; rest: string } {
  const [, address, rest = '/'] = prefixed.exec(pathname) ?? [];
  if (address === undefined || !poolAddressPattern.test(address))
    return { address: DEFAULT_POOL_ADDRESS, rest: pathname };
  return { address, rest };
}

let current =
  typeof window === 'undefined' ? DEFAULT_POOL_ADDRESS : poolOfPath(window.location.pathname).address;

export function currentPool(): string {
  return current;
}

/** Tests: the pool the app is in (the browser reads it from the address at load). */
export function setCurrentPool(address: string): void {
  current = address;
}

/** The web address of a page of the pool at `address` (`/` is its dashboard). */
export function poolHref(address: string, path = '/'): string {
  if (address === DEFAULT_POOL_ADDRESS) return path;
  return path === '/' ? `/p/${address}/` : `/p/${address}${path}`;
}

let loadPage = (href: string): void => window.location.assign(href);

/** Opens a pool's dashboard, loading the app anew in it (joined or created just now, say). */
export function openPool(address: string): void {
  loadPage(poolHref(address));
}

/** Tests: what opening a pool does instead of loading a page (jsdom loads none). */
export function setPageLoader(loader: (href: string) => void): void {
  loadPage = loader;
}

/** The address an API call goes to from this page: the pool's prefix for a pool route. */
export function apiPath(path: string): string {
  return poolApiPath(current, path);
}

/**
 * The router sees a pool's pages at their own paths (`/leaderboards`), the browser at the pool's
 * (`/p/office-2026/leaderboards`): one route tree serves every pool.
 */
export const poolRewrite = {
  input: ({ url }: { url: URL }) => {
    url.pathname = poolOfPath(url.pathname).rest;
    return url;
  },
  output: ({ url }: { url: URL }) => {
    url.pathname = poolHref(current, url.pathname);
    return url;
  },
};
