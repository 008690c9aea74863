/**
 * Registers the app's service worker (docs/notifications.md): the installable app, the offline
 * page and web push. Only the built app has one (vite.config.ts writes dist/sw.js); the dev
 * server has none. A failure is logged and the app works as a plain web page.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('Service worker registration failed', error);
    });
  };
  // After the page has loaded, so the worker's precaching never competes with the first paint.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
