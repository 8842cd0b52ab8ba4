/**
 * The offline programme: in one answer, every API answer the agenda needs (cities, each city's
 * days and events, every film and parallel event in full with its sessions, the film lists,
 * sections and menus, every session with its version, the travel times between cities and the
 * search index), keyed by the same paths the site reads, so the browser can store them in
 * IndexedDB and render /programacao, /filmes, /filme/{id}, /actividade/{id}, /agenda and
 * /pesquisa without signal. A browser that holds a version asks only for the changes since.
 */
import { diffProgramme, sessionVersionsOf, type ProgrammeAnswers } from '../../src/common/programme/programme-delta';
import { keepProgrammeSnapshot, readProgrammeSnapshot } from '../db/repositories/programme/programme-snapshots-repository';
import { moviesAssetType, SCOPES } from '../../src/common/constants';
import { apiPath, endpoints } from '../../src/common/api/endpoint-refs';
import type { AppDeps } from '../deps';
import { listCities } from '../db/repositories/programme/programme-repository';
import { allVenueIds } from '../db/repositories/programme/venues-repository';
import { listSections } from '../db/repositories/content/sections-repository';
import { allWorkIds } from '../db/repositories/content/movies-repository';
import { readContentVersion, readSettings } from '../db/repositories/content/settings-repository';
import type { JsonHandlers } from './endpoint-registration';
import type { InProcessReader } from './in-process';
import { DEFAULT_LOCALE, languageParam, localeOfQuery, type Locale } from '../../src/common/i18n/locales';

/** A version's snapshot in a language: pt-PT's under the version itself, as before there were languages. */
const snapshotKey = (version: string, locale: Locale) => (locale === DEFAULT_LOCALE ? version : `${version}@${locale}`);

/**
 * A language's programme: the shared answers, and each film and activity in that language (a
 * visitor's store carries the languages they use, not all three).
 */
async function programmePaths({ db }: AppDeps, locale: Locale): Promise<string[]> {
  const lang = languageParam(locale);
  const [cities, films, activities, festaSections, venues] = await Promise.all([
    listCities(db),
    allWorkIds(db, 1),
    allWorkIds(db, 0),
    listSections(db, 'movies', 'festa', locale),
    allVenueIds(db),
  ]);
  const path = apiPath;
  return [
    path(endpoints.homeprefs, {}),
    path(endpoints.festivalTexts, lang),
    ...SCOPES.map((scope) => path(endpoints.menus, { scope, ...lang })),
    path(endpoints.cities, {}),
    ...cities.map((c) => path(endpoints.cityProgramme, { city: c.id, ...lang })),
    ...SCOPES.map((scope) => path(endpoints.filmsByCategory, { category: '0', scope, ...lang })),
    ...festaSections.map((s) => path(endpoints.filmsByCategory, { category: s.name, scope: 'festa', ...lang })),
    ...SCOPES.map((scope) => path(endpoints.sections, { assetType: moviesAssetType(scope), scope, ...lang })),
    path(endpoints.sections, { assetType: 'activities', scope: 'festa', ...lang }),
    path(endpoints.filmFilter, lang),
    path(endpoints.activities, lang),
    // The personal agenda and the offline search read these.
    path(endpoints.sessionIndex, lang),
    path(endpoints.travelTimes, {}),
    path(endpoints.searchIndex, lang),
    // The changes page ("Alterações à programação") is read offline too.
    path(endpoints.programmeAlterations, lang),
    ...SCOPES.map((scope) => path(endpoints.newsList, { scope, ...lang })),
    ...films.map((id) => path(endpoints.movie, { id: String(id), ...lang })),
    ...activities.map((id) => path(endpoints.activity, { id: String(id), ...lang })),
    // Each venue's card: how to get there and in, offline too.
    ...venues.map((id) => path(endpoints.venue, { venue_id: String(id), ...lang })),
  ];
}

/** The content version alone: what an open page asks every minute to know whether to sync. */
export function programmeVersionHandler({ db }: AppDeps): JsonHandlers['programmeVersion'] {
  return async () => ({ version: await readContentVersion(db) });
}

/**
 * Today's programme: each answer comes from its own route, so it is exactly what the site would
 * fetch. The first time a content version is read, its answers are kept for the delta sync.
 */
async function currentProgramme(
  deps: AppDeps,
  read: InProcessReader,
  kept: Set<string>,
  locale: Locale,
): Promise<{ version: string; answers: ProgrammeAnswers }> {
  const [paths, { contentVersion: version }] = await Promise.all([programmePaths(deps, locale), readSettings(deps.db)]);
  const answers: ProgrammeAnswers = {};
  for (const path of paths) {
    const answer = await read(path);
    if (answer.status === 200) answers[path] = answer.data;
  }
  const key = snapshotKey(version, locale);
  if (!kept.has(key)) {
    await keepProgrammeSnapshot(deps.db, key, answers, deps.clock());
    kept.add(key);
  }
  return { version, answers };
}

export function programmeSyncHandlers(deps: AppDeps, read: InProcessReader): Pick<JsonHandlers, 'programmeSync' | 'programmeChanges'> {
  // The versions this instance already knows are kept (another instance may have kept them first).
  const kept = new Set<string>();
  const whole = async (locale: Locale) => {
    const { version, answers } = await currentProgramme(deps, read, kept, locale);
    return { version, generatedAt: deps.clock().toISOString(), answers, sessionVersions: sessionVersionsOf(answers) ?? {} };
  };
  return {
    programmeSync: ({ query }) => whole(localeOfQuery(query.lang)),
    programmeChanges: async ({ params, query }) => {
      const locale = localeOfQuery(query.lang);
      const { version, answers } = await currentProgramme(deps, read, kept, locale);
      const before = await readProgrammeSnapshot(deps.db, snapshotKey(params.since, locale));
      if (!before) return { ...(await whole(locale)), full: true };
      return {
        version,
        since: params.since,
        generatedAt: deps.clock().toISOString(),
        full: false,
        ...(await diffProgramme(before, answers)),
      };
    },
  };
}
