import { useEffect, useMemo } from 'react';
import { useLocation, useParams, useRoutes } from 'react-router-dom';
import type { Scope } from './common/constants';
import { Layout } from './components/layout';
import { DataStoreContext, useApi, useDataStore } from './data/use-api';
import type { DataStore } from './data/store';
import { routes, type PageRoute, type RouteContext } from './routes';
import { ScopeProvider, useScope } from './scope';
import { pageTitle } from './page-meta';

function RoutePage({ route }: { route: PageRoute }) {
  const params = useParams();
  const location = useLocation();
  const { scope, setScope } = useScope();
  const store = useDataStore();
  const ctx: RouteContext = useMemo(
    () => ({ params, scope, query: new URLSearchParams(location.search) }),
    [params, scope, location.search],
  );
  const subject = useApi(route.subject?.(ctx) ?? null);

  // Visiting a home selects its scope, and remembers it (cookie) for the next visit to /.
  useEffect(() => {
    if (route.scope) setScope(route.scope);
  }, [route.scope, setScope]);

  useEffect(() => {
    const meta = route.meta?.(ctx, <T,>(path: string) => store.get<T>(path).data);
    document.title = pageTitle(meta?.title);
  }, [route, ctx, store, subject.status]);

  const Page = route.page;
  return <Page />;
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
