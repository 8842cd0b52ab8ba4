import { I18nProvider, useLingui } from '@lingui/react';
import { useEffect } from 'react';
import type { I18n } from '../common/i18n/i18n';
import { useLocation, useRoutes } from 'react-router-dom';
import type { Scope } from '../common/constants';
import { Layout } from '../layout/layout';
import { RouteErrorBoundary } from './route-error-boundary';
import { DataStoreContext, useStoreReader } from '../data/use-api';
import { retryFailedPages } from '../routing/lazy-page';
import type { DataStore } from '../data/store';
import { pageTitle } from '../routing/page-meta';
import { answersOf, CurrentRouteContext, useRouteContext, useRouteData, type RouteEntry } from '../routing/route-kit';
import { routes } from '../routing/routes';
import { ScopeProvider, useScope } from './scope';

function RoutePage({ route }: { route: RouteEntry }) {
  const { setScope } = useScope();
  const ctx = useRouteContext();
  const read = useStoreReader();
  const { i18n } = useLingui();
  // Subscribed to the page's reads, so the title follows their answers.
  const entries = useRouteData(route);

  // Visiting a home selects its scope, and remembers it (cookie) for the next visit to /.
  useEffect(() => {
    if (route.scope) setScope(route.scope);
  }, [route.scope, setScope]);

  useEffect(() => {
    document.title = pageTitle(route.meta?.(answersOf(route, ctx, read), ctx, i18n)?.title);
  }, [route, ctx, read, entries, i18n]);

  const Page = route.page;
  return (
    <CurrentRouteContext.Provider value={route}>
      <Page />
    </CurrentRouteContext.Provider>
  );
}

const routeObjects = routes.map((route) => ({ path: route.path, element: <RoutePage route={route} /> }));

export function App() {
  const element = useRoutes(routeObjects);
  const { pathname } = useLocation();
  // A page whose chunk failed loads afresh when it is visited again.
  useEffect(() => retryFailedPages(), [pathname]);
  // After the first commit's effects (the page's own run first): scripts and styles can tell a live page.
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
    performance.mark('festa:rendered');
  }, []);
  // One boundary per address: a failing page keeps the header and footer, and leaving it resets.
  return (
    <Layout>
      <RouteErrorBoundary key={pathname}>{element}</RouteErrorBoundary>
    </Layout>
  );
}

/** Everything above the router: the page's language, the data store and the selected scope. */
export function Providers({ store, scope, i18n, children }: { store: DataStore; scope: Scope; i18n: I18n; children: React.ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <DataStoreContext.Provider value={store}>
        <ScopeProvider initial={scope}>{children}</ScopeProvider>
      </DataStoreContext.Provider>
    </I18nProvider>
  );
}
