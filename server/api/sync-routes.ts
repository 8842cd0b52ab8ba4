/**
 * The offline programme: in one answer, every API answer the agenda needs (cities, each city's
 * days and events, every film and parallel event in full with its sessions, the film lists,
 * sections and menus, every session with its version, the travel times between cities and the
 * search index), keyed by the same paths the site reads, so the browser can store them in
 * IndexedDB and render /programacao, /filmes, /filme/{id}, /actividade/{id}, /agenda and
 * /pesquisa without signal.
 */
import type { AgendaSession } from '../../src/common/api-types';
import { moviesAssetType, SCOPES } from '../../src/common/constants';
import { apiPath, endpoints } from '../../src/common/api/endpoint-refs';
import type { AppDeps } from '../deps';
import { listCities } from '../db/repositories/programme-repository';
import { listSections } from '../db/repositories/sections-repository';
import { allWorkIds } from '../db/repositories/movies-repository';
import { readContentVersion, readSettings } from '../db/repositories/settings-repository';
import type { JsonHandlers } from './route-kit';
import type { InProcessReader } from './in-process';

async function programmePaths({ db }: AppDeps): Promise<string[]> {
  const [cities, films, activities, festaSections] = await Promise.all([
    listCities(db),
    allWorkIds(db, 1),
    allWorkIds(db, 0),
    listSections(db, 'movies', 'festa'),
  ]);
  const path = apiPath;
  return [
    path(endpoints.homeprefs, {}),
    ...SCOPES.map((scope) => path(endpoints.menus, { scope })),
    path(endpoints.cities, {}),
    ...cities.map((c) => path(endpoints.cityProgramme, { city: c.id })),
    ...SCOPES.map((scope) => path(endpoints.filmsByCategory, { category: '0', scope })),
    ...festaSections.map((s) => path(endpoints.filmsByCategory, { category: s.name, scope: 'festa' })),
    ...SCOPES.map((scope) => path(endpoints.sections, { assetType: moviesAssetType(scope), scope })),
    path(endpoints.sections, { assetType: 'activities', scope: 'festa' }),
    path(endpoints.filmFilter, {}),
    path(endpoints.activities, {}),
    // The personal agenda and the offline search read these.
    path(endpoints.sessionIndex, {}),
    path(endpoints.travelTimes, {}),
    path(endpoints.searchIndex, {}),
    ...SCOPES.map((scope) => path(endpoints.newsList, { scope })),
    ...films.map((id) => path(endpoints.movie, { id: String(id) })),
    ...activities.map((id) => path(endpoints.activity, { id: String(id) })),
  ];
}

/** The content version alone: what an open page asks every minute to know whether to sync. */
export function programmeVersionHandler({ db }: AppDeps): JsonHandlers['programmeVersion'] {
  return async () => ({ version: await readContentVersion(db) });
}

/** Each answer comes from its own route, so it is exactly what the site would fetch. */
export function programmeSyncHandler(deps: AppDeps, read: InProcessReader): JsonHandlers['programmeSync'] {
  return async () => {
    const [paths, { contentVersion }] = await Promise.all([programmePaths(deps), readSettings(deps.db)]);
    const answers: Record<string, unknown> = {};
    for (const path of paths) {
      const answer = await read(path);
      if (answer.status === 200) answers[path] = answer.data;
    }
    // One version per session, so the browser can tell a changed session in the visitor's agenda
    // (same id, another version) from a new one (a new id) and from a cancelled one (gone).
    const sessions = answers[apiPath(endpoints.sessionIndex, {})] as AgendaSession[] | undefined;
    const sessionVersions = Object.fromEntries((sessions ?? []).map((s) => [s.id, s.version]));
    return { version: contentVersion, generatedAt: deps.clock().toISOString(), answers, sessionVersions };
  };
}
