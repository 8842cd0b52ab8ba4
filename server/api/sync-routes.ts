/**
 * The offline programme: in one answer, every API answer the agenda needs (cities, each city's
 * days and events, every film and parallel event in full with its sessions, the film lists,
 * sections and menus), keyed by the same paths the site reads, so the browser can store them in
 * IndexedDB and render /programacao, /filmes, /filme/{id} and /actividade/{id} without signal.
 */
import type { FastifyInstance } from 'fastify';
import { SCOPES } from '../../src/common/constants';
import { apiPaths } from '../../src/common/api-paths';
import type { AppDeps } from '../deps';
import { listCities } from '../db/repositories/programme-repository';
import { listSections } from '../db/repositories/sections-repository';
import { allWorkIds } from '../db/repositories/movies-repository';
import { readSettings } from '../db/repositories/settings-repository';
import { API_PREFIX, defineRoute, type RouteDef } from './route-kit';
import { INTERNAL_HEADER, internalToken } from '../render/internal';

export interface ProgrammeSync {
  version: string;
  generatedAt: string;
  answers: Record<string, unknown>;
}

export async function programmePaths({ db }: AppDeps): Promise<string[]> {
  const [cities, films, activities, festaSections] = await Promise.all([
    listCities(db),
    allWorkIds(db, 1),
    allWorkIds(db, 0),
    listSections(db, 'movies', 'festa'),
  ]);
  return [
    apiPaths.homeprefs(),
    ...SCOPES.map((scope) => apiPaths.menus(scope)),
    apiPaths.cities(),
    ...cities.map((c) => apiPaths.cityProgramme(c.id)),
    ...SCOPES.map((scope) => apiPaths.filmsByCategory('0', scope)),
    ...festaSections.map((s) => apiPaths.filmsByCategory(s.name, 'festa')),
    ...SCOPES.map((scope) => apiPaths.sections('movies', scope)),
    apiPaths.sections('activities', 'festa'),
    apiPaths.filmFilter(),
    apiPaths.activities(),
    ...films.map((id) => apiPaths.movie(String(id))),
    ...activities.map((id) => apiPaths.activity(String(id))),
  ];
}

export function syncRoutes(deps: AppDeps, app: () => FastifyInstance): RouteDef<any, any, any>[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/sync/programme',
      tag: 'offline',
      summary: 'Toda a programação numa resposta, para consulta offline: respostas da API por caminho.',
      cache: 'live',
      response: { kind: 'json', description: 'ProgrammeSync' },
      handler: async (): Promise<ProgrammeSync> => {
        const [paths, { contentVersion }] = await Promise.all([programmePaths(deps), readSettings(deps.db)]);
        const answers: Record<string, unknown> = {};
        // Each answer comes from its own route, so it is exactly what the site would fetch.
        for (const path of paths) {
          const response = await app().inject({
            method: 'GET',
            url: `${API_PREFIX}${path}`,
            headers: { [INTERNAL_HEADER]: internalToken },
          });
          if (response.statusCode === 200) answers[path] = response.json();
        }
        return { version: contentVersion, generatedAt: deps.clock().toISOString(), answers };
      },
    }),
  ];
}
