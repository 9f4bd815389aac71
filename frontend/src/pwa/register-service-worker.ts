/**
 * Registers the app's one service worker (`public/sw.js`: the app shell, offline). From this module,
 * not an inline script: the content security policy allows scripts from the app's origin only.
 * Development builds (Vite's server) go without it, so that edits show at once.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  });
}
