/**
 * The /gestao/api routes are the endpoint table's (src/common/gestao/api/gestao-endpoints.ts): every
 * route registered in the scope was made from an entry, with its method and path; every entry is
 * answered by one route; and the guards each route runs, read back from its preHandlers, ask what
 * the entry says (logged in, the roles, the password again). The check names what differs, and
 * fails for a route registered by hand, an entry no route answers and a guard that differs. On
 * SQLite by default, on PostgreSQL with TEST_DATABASE=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GESTAO_API_BASE, gestaoEndpoints, type GestaoEndpoint } from '../../src/common/gestao/api/gestao-endpoints';
import { gestaoRoutesOf } from '../../server/gestao/gestao-api';
import type { RegisteredRoute } from '../../server/gestao/gestao-endpoint-registration';
import { startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server?.close());

const nameOf = (endpoint: GestaoEndpoint) => `${endpoint.method} ${GESTAO_API_BASE}${endpoint.path}`;

/** What the entry's guards ask, as the route's preHandlers say it. */
function expectedGuards(endpoint: GestaoEndpoint): RegisteredRoute['guards'] {
  const guards: RegisteredRoute['guards'] = {};
  if (endpoint.access !== 'anyone' || endpoint.recentPassword) guards.staff = true;
  if (Array.isArray(endpoint.access)) guards.roles = endpoint.access as NonNullable<RegisteredRoute['guards']['roles']>;
  if (endpoint.recentPassword) guards.recentPassword = true;
  return guards;
}

/** Every difference between the routes as registered and the table, in words. */
function mismatches(routes: readonly RegisteredRoute[], table: readonly GestaoEndpoint[]): string[] {
  const found: string[] = [];
  const answered = new Map<GestaoEndpoint, number>();
  for (const route of routes) {
    if (route.endpoint === false) continue;
    const name = `${route.method} ${route.url}`;
    if (route.endpoint === undefined || !table.includes(route.endpoint)) {
      found.push(`${name}: não está na tabela`);
      continue;
    }
    answered.set(route.endpoint, (answered.get(route.endpoint) ?? 0) + 1);
    if (nameOf(route.endpoint) !== name) found.push(`${name}: a tabela diz ${nameOf(route.endpoint)}`);
    const expected = expectedGuards(route.endpoint);
    if (JSON.stringify(route.guards) !== JSON.stringify(expected))
      found.push(`${name}: guardas ${JSON.stringify(route.guards)}, a tabela diz ${JSON.stringify(expected)}`);
  }
  for (const endpoint of table) {
    const times = answered.get(endpoint) ?? 0;
    if (times !== 1) found.push(`${nameOf(endpoint)}: ${times === 0 ? 'nenhuma rota' : `${times} rotas`}`);
  }
  return found;
}

describe('the /gestao/api routes and the endpoint table', () => {
  const table: GestaoEndpoint[] = Object.values(gestaoEndpoints);

  it('match: every route is an entry, every entry a route, with the same method, path and guards', () => {
    const routes = gestaoRoutesOf(server.app);
    expect(routes.filter((r) => r.endpoint !== false)).toHaveLength(table.length);
    expect(mismatches(routes, table)).toEqual([]);
    // Only the scope's 404 is no endpoint.
    expect(routes.filter((r) => r.endpoint === false).map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET /gestao/api/*',
      'POST /gestao/api/*',
      'PUT /gestao/api/*',
      'PATCH /gestao/api/*',
      'DELETE /gestao/api/*',
    ]);
  });

  it('reads the guards from the routes themselves: the administrators only, the password again', () => {
    const routes = gestaoRoutesOf(server.app);
    const invite = routes.find((r) => r.method === 'POST' && r.url === '/gestao/api/invitations')!;
    expect(invite.guards).toEqual({ staff: true, roles: ['administracao'], recentPassword: true });
    const login = routes.find((r) => r.method === 'POST' && r.url === '/gestao/api/session')!;
    expect(login.guards).toEqual({});
    const status = routes.find((r) => r.method === 'POST' && r.url === '/gestao/api/screenings/:id/status')!;
    expect(status.guards).toEqual({ staff: true, roles: ['administracao', 'programacao'] });
  });

  it('fails for a route registered by hand, an entry no route answers, and a guard that differs', () => {
    const routes = gestaoRoutesOf(server.app);
    const byHand: RegisteredRoute = { method: 'POST', url: '/gestao/api/uploads', endpoint: undefined, guards: { staff: true } };
    expect(mismatches([...routes, byHand], table)).toEqual(['POST /gestao/api/uploads: não está na tabela']);

    const forgotten = routes.filter((r) => r.endpoint !== gestaoEndpoints.audit);
    expect(mismatches(forgotten, table)).toEqual(['GET /gestao/api/audit: nenhuma rota']);

    const loosened = routes.map((r) => (r.endpoint === gestaoEndpoints.users ? { ...r, guards: { staff: true as const } } : r));
    expect(mismatches(loosened, table)).toEqual([
      'GET /gestao/api/users: guardas {"staff":true}, a tabela diz {"staff":true,"roles":["administracao"]}',
    ]);

    const moved = routes.map((r) => (r.endpoint === gestaoEndpoints.users ? { ...r, url: '/gestao/api/people' } : r));
    expect(mismatches(moved, table)).toEqual(['GET /gestao/api/people: a tabela diz GET /gestao/api/users']);
  });
});
