import { useEffect } from 'react';
import { useRoutes } from 'react-router-dom';
import type { Scope } from './common/constants';
import { Layout } from './components/layout';
import { DataStoreContext, useStoreReader } from './data/use-api';
import type { DataStore } from './data/store';
import { pageTitle } from './page-meta';
import { answersOf, CurrentRouteContext, useRouteContext, useRouteData, type RouteEntry } from './route-kit';
import { routes } from './routes';
import { ScopeProvider, useScope } from './scope';

function RoutePage({ route }: { route: RouteEntry }) {
  const { setScope } = useScope();
  const ctx = useRouteContext();
  const read = useStoreReader();
  // Subscribed to the page's reads, so the title follows their answers.
  const entries = useRouteData(route);

  // Visiting a home selects its scope, and remembers it (cookie) for the next visit to /.
  useEffect(() => {
    if (route.scope) setScope(route.scope);
  }, [route.scope, setScope]);

  useEffect(() => {
    document.title = pageTitle(route.meta?.(answersOf(route, ctx, read), ctx)?.title);
  }, [route, ctx, read, entries]);

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
  return <Layout>{element}</Layout>;
}

/** Everything above the router: the data store and the selected scope. */
export function Providers({ store, scope, children }: { store: DataStore; scope: Scope; children: React.ReactNode }) {
  return (
    <DataStoreContext.Provider value={store}>
      <ScopeProvider initial={scope}>{children}</ScopeProvider>
    </DataStoreContext.Provider>
  );
}
