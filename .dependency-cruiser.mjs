/**
 * Which way imports point (`npm run lint` runs it on src/, server/ and sw/; README, "Map of the code";
 * tests/unit/architecture/layers.test.ts shows each kind of break refused).
 *
 * The server's layers, from the top: a layer imports those below it, never one above. Modules in
 * no layer (src/common, server/clock.ts, config.ts, deps.ts, csv.ts, content/ but its import, media/,
 * plugins/, cache/, observability/, operations/) are held by the other rules and by no-circular.
 * `import type` counts like any import, for the layers and for circles: a type is knowledge of the
 * module it comes from. A lazy import() closes no circle: its chunk is loaded later.
 */
const SERVER_LAYERS = [
  {
    name: 'routes',
    says: 'the HTTP routes and the wiring: the back office routes, the rendered pages, start-up and the npm scripts',
    path: '^server/(main\\.ts|app\\.ts|cli/|render/|gestao/(routes/|auth/|[^/]+\\.ts$))',
  },
  {
    name: 'back-office-and-public-api',
    says: 'the back office editing, the seed import, the public API, the heavy jobs, the printed programme, Web Push',
    path: '^server/(gestao/editing/|content/import\\.ts$|api/|workers/|print/|push/)',
  },
  {
    name: 'publishing',
    says: 'content written as a numbered release: shared by the seed import and the back office',
    path: '^server/publishing/',
  },
  {
    name: 'repositories',
    says: 'all the SQL, one module per entity',
    path: '^server/db/repositories/',
  },
  {
    name: 'database',
    says: 'the connection, the schema and the migrations',
    path: '^server/db/(?!repositories/)',
  },
];

const wrongWay = SERVER_LAYERS.slice(1).map((layer, below) => ({
  name: `wrong-way-from-${layer.name}`,
  comment: `${layer.says} import nothing of the layers above: ${SERVER_LAYERS.slice(0, below + 1)
    .map((above) => above.name)
    .join(', ')}`,
  severity: 'error',
  from: { path: layer.path },
  to: { path: SERVER_LAYERS.slice(0, below + 1).map((above) => above.path) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    ...wrongWay,
    {
      name: 'jobs-through-one-interface',
      comment: 'heavy work (worker threads) is reached through server/workers/heavy-jobs.ts only',
      severity: 'error',
      from: { pathNot: '^server/workers/' },
      to: { path: '^server/workers/(?!heavy-jobs\\.ts$)' },
    },
    {
      name: 'seed-import-apart-from-back-office',
      comment: 'the seed import and the back office share the publishing layer, neither calls the other',
      severity: 'error',
      from: { path: '^server/content/' },
      to: { path: '^server/gestao/' },
    },
    {
      name: 'public-api-apart-from-back-office',
      comment: 'the public API knows nothing of the back office (the back office may render the public API: the preview)',
      severity: 'error',
      from: { path: '^server/api/' },
      to: { path: '^server/gestao/' },
    },
    {
      name: 'collections-are-the-source',
      comment:
        'src/common/gestao/collections/ is the one list of content types: it imports nothing derived from it (roles, record schemas, media; any other module that imports collections/ would close a circle, refused by no-circular)',
      severity: 'error',
      from: { path: '^src/common/gestao/collections/' },
      to: { path: '^src/common/gestao/(roles|record-schemas|media)\\.ts$' },
    },
    {
      name: 'common-is-isomorphic',
      comment: 'src/common runs in the server, the browser and the worker: it imports only itself',
      severity: 'error',
      from: { path: '^src/common/' },
      to: { path: '^(server|sw)/|^src/(?!common/)' },
    },
    {
      name: 'server-takes-only-common',
      comment: 'the server shares src/common with the browser, nothing else of it',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^sw/|^src/(?!common/)' },
    },
    {
      name: 'browser-never-imports-server',
      comment: 'the app and the worker reach the server over HTTP only',
      severity: 'error',
      from: { path: '^(src|sw)/' },
      to: { path: '^server/' },
    },
    {
      name: 'screens-from-routing',
      comment: 'a screen is the top of the app: only the route table, and the screen itself, import it',
      severity: 'error',
      from: { pathNot: '^src/(routing|screens)/' },
      to: { path: '^src/screens/' },
    },
    {
      name: 'back-office-app-apart',
      comment: 'src/gestao is a build of its own: the public app never loads it, it takes only src/common and the tokens',
      severity: 'error',
      from: { pathNot: '^src/gestao/' },
      to: { path: '^src/gestao/' },
    },
    {
      name: 'back-office-app-takes-only-common',
      severity: 'error',
      from: { path: '^src/gestao/' },
      to: { path: '^src/(?!gestao/|common/|styles/)|^(server|sw)/' },
    },
    {
      name: 'worker-takes-what-it-builds',
      comment: 'the service worker imports src/common and the few data modules its tsconfig includes',
      severity: 'error',
      from: { path: '^sw/' },
      to: { path: '^src/(?!common/|data/|agenda/)' },
    },
    {
      name: 'no-circular',
      comment:
        'no module imports itself through others; a lazy import() is a chunk loaded later (a route module and its page), not a circle',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^node_modules/' },
    // `import type` is a dependency too (see above): read the TypeScript before it is compiled.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    skipAnalysisNotInRules: true,
  },
};
