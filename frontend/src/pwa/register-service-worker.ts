/**
 * Registers the app's one service worker (`public/sw.js`: the app shell, offline), and once the page
 * is usable asks it to keep the code of every other page too. From this module,
 * not an inline script: the content security policy allows scripts from the app's origin only.
 * Development builds (Vite's server) go without it, so that edits show at once.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
    // Once the page is usable and the browser idle, the rest of the app for offline use (sw.js).
    void navigator.serviceWorker.ready.then((registration) => {
      const ask = () => registration.active?.postMessage({ type: 'cache-app-shell' });
      if ('requestIdleCallback' in window) window.requestIdleCallback(ask, { timeout: 10_000 });
      else setTimeout(ask, 2_000);
    });
  });
}
