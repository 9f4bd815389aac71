/**
 * Whether the server could be reached at the last API call. A device can be "online" and still
 * reach nothing (a dead Wi-Fi, a tunnel, the browser's offline emulation): a call that fails
 * without an answer says more than `navigator.onLine`. The offline notice listens to both.
 */
let unreachable = false;
const listeners = new Set<() => void>();

export function reportServerReachable(reachable: boolean): void {
  if (unreachable === !reachable) return;
  unreachable = !reachable;
  for (const listener of listeners) listener();
}

export function isServerUnreachable(): boolean {
  return unreachable;
}

export function subscribeServerReachable(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
