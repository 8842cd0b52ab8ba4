/**
 * Service-worker registration (spec section 4, "Offline support"): /service-worker.js is
 * registered; it is unregistered and the page reloaded if it is missing, not a script, or its URL
 * contains 'admin'. Messages go to the console only. A new version waits until the visitor agrees
 * (see update-prompt.tsx): nothing calls skipWaiting on its own.
 */
import { Workbox } from 'workbox-window';
import type { PageToWorker } from '../common/pwa/sw-messages';

const SW_URL = '/service-worker.js';

type Listener = (waiting: boolean) => void;
let workbox: Workbox | null = null;
let waiting = false;
const listeners = new Set<Listener>();

export function onUpdateWaiting(listener: Listener): () => void {
  listeners.add(listener);
  listener(waiting);
  return () => listeners.delete(listener);
}

function setWaiting(value: boolean) {
  waiting = value;
  for (const listener of listeners) listener(value);
}

/** After its reason went to the console (words a developer reads, written there by the caller). */
async function unregisterAndReload(): Promise<void> {
  const registrations = await navigator.serviceWorker.getRegistrations();
  if (registrations.length === 0) return;
  await Promise.all(registrations.map((r) => r.unregister()));
  window.location.reload();
}

/** Whether the service-worker script exists and is served as JavaScript, or cannot be reached now. */
async function checkScript(url: string): Promise<'valid' | 'invalid' | 'unreachable'> {
  try {
    const response = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return response.ok && /javascript/.test(response.headers.get('content-type') ?? '') ? 'valid' : 'invalid';
  } catch {
    return 'unreachable';
  }
}

/** Read afresh each time: the signal may go while a registration awaits. */
const isOffline = () => navigator.onLine === false;

/**
 * Where the page's registration stands, on <html data-service-worker>: a registration put off
 * until the signal returns leaves nothing else to see (the e2e stories wait for it, as a developer
 * can in the inspector).
 */
function showRegistration(state: 'waiting-for-signal' | 'registered'): void {
  document.documentElement.dataset.serviceWorker = state;
}

function registerWhenOnline(url: string): void {
  window.addEventListener('online', () => void registerServiceWorker(url), { once: true });
  showRegistration('waiting-for-signal');
}

export async function registerServiceWorker(url = SW_URL): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  if (url.includes('admin') || window.location.pathname.includes('admin')) {
    console.info('Service worker: não é usado na administração.');
    return unregisterAndReload();
  }
  // Registering fetches the script: without signal it can only fail (and the browser logs an error).
  // A worker already installed serves the site meanwhile; the registration waits for the signal.
  if (isOffline()) return registerWhenOnline(url);
  const script = await checkScript(url);
  // The signal went while the script was being checked: registering now would fail the same way.
  if (script === 'unreachable') return registerWhenOnline(url);
  if (script === 'invalid') {
    console.info(`Service worker: ${url} não existe ou não é um script.`);
    return unregisterAndReload();
  }

  workbox = new Workbox(url, { scope: '/' });
  workbox.addEventListener('waiting', () => setWaiting(true));
  try {
    const registration = await workbox.register();
    showRegistration('registered');
    console.info('Service worker registado:', registration?.scope);
    // Check for a new version when the visitor comes back to the tab.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && navigator.onLine) void workbox?.update();
    });
  } catch (error) {
    console.info('Service worker não registado:', error);
    // The signal went between the check and the registration's own fetch: try again once it returns.
    if (isOffline()) {
      workbox = null;
      registerWhenOnline(url);
    }
  }
}

/** How often the waiting worker is asked again to take over, until it does. */
const ASK_AGAIN_MS = 2000;

/**
 * The visitor agreed: the waiting worker takes over, then the page reloads to run the same version.
 * The message goes to the registration's waiting worker as it is now, and the page reloads on the
 * first of two signs that it took over: the page's controller changed, or the worker itself says
 * it is activated (seen on a busy phone: the click went, no controllerchange came). A browser puts
 * the switch off while the outgoing worker still answers requests (Chromium for up to five
 * minutes, and it has been seen to give the switch up when a request comes in the middle of it):
 * the worker is asked again every ASK_AGAIN_MS while it still waits. Nothing waits any more
 * (another tab applied it, or a newer version replaced it): a reload runs the version now active.
 */
export async function activateWaitingWorker(): Promise<void> {
  const next = (await navigator.serviceWorker.getRegistration())?.waiting;
  if (!next) return window.location.reload();
  const ask = () => next.postMessage({ type: 'SKIP_WAITING' } satisfies PageToWorker);
  const askAgain = window.setInterval(() => {
    if (next.state === 'installed') ask();
  }, ASK_AGAIN_MS);
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.clearInterval(askAgain);
    window.location.reload();
  };
  navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
  next.addEventListener('statechange', () => {
    if (next.state === 'activated' || next.state === 'redundant') reload();
  });
  ask();
}
