import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, Providers } from './app';
import { DEFAULT_SCOPE } from './common/constants';
import { festaDb } from './data/db';
import { dexiePersistence } from './data/persistence';
import { DataStore, networkFetcher } from './data/store';
import { startBackgroundWork } from './pwa/background-work';
import type { BootData } from './entry-server';
import { matchPage } from './match-route';
import { scopeFromCookie } from './scope';
import './styles/site.css';

async function start() {
  const container = document.getElementById('root')!;
  const bootElement = document.getElementById('app-data');
  const boot: BootData = bootElement?.textContent
    ? (JSON.parse(bootElement.textContent) as BootData)
    : { scope: scopeFromCookie(document.cookie) ?? DEFAULT_SCOPE, snapshot: {} };
  const db = festaDb();
  const store = new DataStore(boot.snapshot, networkFetcher, Date.now, db ? dexiePersistence(db) : undefined);
  // Load the page's chunk before hydrating, so the first client render matches the server's.
  await matchPage(window.location.pathname).route.page.preload();
  const app = (
    <StrictMode>
      <Providers store={store} scope={boot.scope}>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </Providers>
    </StrictMode>
  );
  if (container.hasChildNodes()) hydrateRoot(container, app);
  else createRoot(container).render(app);
  startBackgroundWork(store);
}

void start();
