import { lazy, Suspense, type ComponentType } from 'react';
import { useHydrated } from '../hooks/use-hydrated';

/**
 * The notices' code, fetched once the page has hydrated: none of them shows on the server or on
 * the render that hydrates. A first visit that lost its signal before the chunk came tries again
 * when the signal returns (meanwhile nothing shows, as before any notice has news).
 */
const loadNotices = (): Promise<{ default: ComponentType }> =>
  import('./app-notices').catch(
    () => new Promise((resolve) => window.addEventListener('online', () => resolve(loadNotices()), { once: true })),
  );
const AppNotices = lazy(loadNotices);

/**
 * The app's own notices: offline, changes to the visitor's agenda, queued posts, a new version
 * (app-notices.tsx). The install offer is not among them: it ends the page (layout.tsx).
 */
export function PwaNotices() {
  const hydrated = useHydrated();
  return (
    <div className="pwa-notices">
      {hydrated ? (
        <Suspense fallback={null}>
          <AppNotices />
        </Suspense>
      ) : null}
    </div>
  );
}
