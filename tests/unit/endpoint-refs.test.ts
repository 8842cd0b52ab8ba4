/**
 * The browser's references to the API (src/common/api/endpoint-refs.ts) are written from the
 * contract by `npm run api:refs`: a contract changed without them would send the browser to paths
 * the server no longer answers.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { contractGroup, ENDPOINT_REFS_FILE, queryNamesOf, renderEndpointRefs } from '../../scripts/write-endpoint-refs';
import * as refs from '../../src/common/api/endpoint-refs';

describe("the browser's references to the API", () => {
  it('are what npm run api:refs writes from the contract (run it after changing endpoints.ts)', async () => {
    expect(readFileSync(ENDPOINT_REFS_FILE, 'utf8')).toBe(await renderEndpointRefs());
  });

  it.each(['endpoints', 'fileEndpoints', 'formEndpoints'] as const)('name every endpoint of %s with its path and query', (group) => {
    const expected = Object.fromEntries(
      contractGroup(group).map(([name, endpoint]) => [name, { path: endpoint.path, queryNames: queryNamesOf(endpoint) }]),
    );
    expect(refs[group]).toEqual(expected);
  });

  it('build the same paths as the contract describes, query included', () => {
    expect(refs.apiPath(refs.endpoints.search, { q: 'três irmãos' })).toBe('/api/search?q=tr%C3%AAs%20irm%C3%A3os');
    expect(refs.apiPath(refs.endpoints.customPage, { '*': 'sobre/equipa/' })).toBe('/api/custompage/sobre/equipa');
    expect(refs.apiUrl(refs.fileEndpoints.downloadPress, { id: '7' })).toBe('/admin/api/download_press/7');
  });
});
