/**
 * jsdom, for a test that renders the back office in it over the real server in process
 * (tests/unit/gestao/back-office.tsx). Vitest's own jsdom transforms every module as for a browser,
 * where import.meta.url is an http: address; the server finds its files from it, so here modules
 * are transformed as for Node (Vite's ssr environment) while the globals are jsdom's.
 */
import { builtinEnvironments } from 'vitest/runtime';
import type { Environment } from 'vitest/runtime';

const jsdomBesideServer: Environment = { ...builtinEnvironments.jsdom, name: 'jsdom-beside-server', viteEnvironment: 'ssr' };

export default jsdomBesideServer;
