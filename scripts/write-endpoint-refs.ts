/**
 * Writes src/common/api/endpoint-refs.ts from the API contract (src/common/api/endpoints.ts): each
 * endpoint's path and query names, typed by the contract, without its Yup and JSON schemas, so that
 * the browser's first load carries neither. Run after changing the contract (`npm run api:refs`);
 * tests/unit/endpoint-refs.test.ts fails while the written file is not what this makes.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { endpoints, fileEndpoints, formEndpoints, pushEndpoints, type AnyEndpoint } from '../src/common/api/endpoints';

export const ENDPOINT_REFS_FILE = join(import.meta.dirname, '../src/common/api/endpoint-refs.ts');

const GROUPS = { endpoints, fileEndpoints, formEndpoints, pushEndpoints } as const;

/** The names of an endpoint's query parameters, from its Yup query schema. */
export const queryNamesOf = (endpoint: AnyEndpoint): string[] => Object.keys(('query' in endpoint && endpoint.query?.fields) || {});

/** Each group of the contract, by endpoint name. */
export const contractGroup = (group: keyof typeof GROUPS): [string, AnyEndpoint][] => Object.entries<AnyEndpoint>(GROUPS[group]);

function refsOf(group: keyof typeof GROUPS): string {
  const entries = contractGroup(group).map(([name, endpoint]) => {
    const queryNames = queryNamesOf(endpoint);
    const args = [JSON.stringify(endpoint.path), ...(queryNames.length ? [JSON.stringify(queryNames)] : [])].join(', ');
    return `  ${name}: endpointRef<typeof contract.${group}.${name}>(${args}),`;
  });
  return `export const ${group} = {\n${entries.join('\n')}\n} as const;`;
}

export async function renderEndpointRefs(): Promise<string> {
  const source = [
    '// Written by `npm run api:refs` from endpoints.ts, the API contract: do not edit by hand.',
    "import type * as contract from './endpoints';",
    "import { endpointRef } from './api-path';",
    '',
    "export { API_BASE, apiPath, apiRequest, apiUrl, type ApiRequest, type EndpointRef, type ParamsOf, type ResponseOf } from './api-path';",
    '',
    refsOf('endpoints'),
    '',
    refsOf('fileEndpoints'),
    '',
    refsOf('formEndpoints'),
    '',
    refsOf('pushEndpoints'),
    '',
    'export type EndpointName = keyof typeof endpoints;',
    '',
  ].join('\n');
  const options = await resolveConfig(ENDPOINT_REFS_FILE);
  return format(source, { ...options, filepath: ENDPOINT_REFS_FILE });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(ENDPOINT_REFS_FILE, await renderEndpointRefs());
  console.log(`Escrito ${ENDPOINT_REFS_FILE}`);
}
