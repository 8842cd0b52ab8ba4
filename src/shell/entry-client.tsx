// First, so that every component's stylesheet (imported through App) comes after the base rules it builds on.
import '../styles/tokens.css';
import '../styles/base.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, Providers } from './app';
import { FormBootContext, type FormBoot } from '../forms/form-boot-context';
import { DEFAULT_SCOPE } from '../common/constants';
import { lazyPersistence, loadDataLayer, whenIdle } from '../data/lazy-data';
import { DataStore, networkFetcher } from '../data/store';
import type { BootData } from './entry-server';
import { matchPage } from '../routing/match-route';
import { scopeFromCookie } from './scope';
import { createI18n, loadMessages } from '../common/i18n/i18n';
import { localePrefix, splitLocale } from '../common/i18n/locales';

/**
 * The app shell (served by the service worker without signal) reads the page's data from IndexedDB
 * (offline-boot.ts, fetched beside the page's chunk); should that chunk not come, the page renders
 * with no data, as it would with none stored.
 */
const offlineBoot = (): Promise<BootData> =>
  import('./offline-boot')
    .then((module) => module.offlineBoot())
    .catch(() => ({ scope: scopeFromCookie(document.cookie) ?? DEFAULT_SCOPE, snapshot: {} }));

async function start() {
  // User Timing marks of the boot, 'festa:start', 'festa:data' and (app.tsx) 'festa:rendered':
  // npm run bench:offline reads them, and any browser's performance panel shows them.
  performance.mark('festa:start');
  const container = document.getElementById('root')!;
  const bootElement = document.getElementById('app-data');
  // The page's language comes from its address, as on the server (the offline shell serves every prefix).
  const { locale, path } = splitLocale(window.location.pathname);
  document.documentElement.lang = locale;
  // The page's chunk and its language's catalog load before the first render, so that render matches the server's.
  const [boot, , messages] = await Promise.all([
    bootElement?.textContent ? (JSON.parse(bootElement.textContent) as BootData) : offlineBoot(),
    matchPage(path).route.page.preload(),
    loadMessages(locale),
  ]);
  performance.mark('festa:data');
  const store = new DataStore(boot.snapshot, networkFetcher, Date.now, lazyPersistence);
  // The app shell (no server rendering) has no key of its own: forms then only post through the outbox.
  const form: FormBoot = boot.form ?? { idempotencyKey: typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : '' };
  const app = (
    <StrictMode>
      <FormBootContext.Provider value={form}>
        <Providers store={store} scope={boot.scope} i18n={createI18n(locale, messages)}>
          <BrowserRouter basename={localePrefix(locale)}>
            <App />
          </BrowserRouter>
        </Providers>
      </FormBootContext.Provider>
    </StrictMode>
  );
  // Errors caught by a route's error boundary are shown and logged there (as warnings).
  const onCaughtError = (error: unknown) => console.warn('Erro apanhado por um limite de erro:', error);
  // Hydrating as a transition lets React yield to the browser every few milliseconds (a default
  // update renders in one go: a long task that blocks a tap on a slow phone). The page is already
  // on screen and readable meanwhile; the offline shell, empty until the app renders, does not wait.
  if (container.hasChildNodes()) startTransition(() => void hydrateRoot(container, app, { onCaughtError }));
  else createRoot(container, { onCaughtError }).render(app);
  // The data layer (IndexedDB, outbox, programme sync, the worker) waits until the page is idle:
  // it must not compete with the first paint and hydration.
  const background = () =>
    loadDataLayer()
      .then((layer) => layer.startBackgroundWork(store))
      // A first visit that lost its signal before the worker kept the chunk: again with the signal.
      .catch(() => window.addEventListener('online', () => void background(), { once: true }));
  void whenIdle().then(background);
}

void start();
