/**
 * The rows the printed programme is made from (server/print/): the festival's settings, cities,
 * venues, sections, films and sessions, either as they are live or as a release's snapshot kept
 * them. Both come in the snapshot's shape, so one printer reads either.
 */
import type { Db } from '../../database';
import type { ContentSnapshot } from '../content/content-repository';
import { latestRelease, releaseSnapshot } from '../publishing/releases-repository';

export const PROGRAMME_TABLES = ['site_settings', 'cities', 'venues', 'sections', 'movies', 'sessions'] as const;
export type ProgrammeTables = Pick<ContentSnapshot, (typeof PROGRAMME_TABLES)[number]>;

export interface ProgrammeRows {
  tables: ProgrammeTables;
  /** The release these rows are (null before any: a database nobody imported into through a release). */
  release: number | null;
}

/**
 * The live content, which is the latest release (publishing, a rollback and an import each write
 * the live tables and their release in one transaction). Read from the tables rather than the
 * release's snapshot: a column a migration added since (a session's status) is there already.
 */
export async function liveProgrammeRows(db: Db): Promise<ProgrammeRows> {
  const [site_settings, cities, venues, sections, movies, sessions, latest] = await Promise.all([
    db.selectFrom('site_settings').selectAll().execute(),
    db.selectFrom('cities').selectAll().execute(),
    db.selectFrom('venues').selectAll().execute(),
    db.selectFrom('sections').selectAll().execute(),
    db.selectFrom('movies').selectAll().execute(),
    db.selectFrom('sessions').selectAll().execute(),
    latestRelease(db),
  ]);
  return { tables: { site_settings, cities, venues, sections, movies, sessions }, release: latest?.number ?? null };
}

/** Release `number` as its snapshot kept it (undefined when there is no such release). */
export async function releaseProgrammeRows(db: Db, number: number): Promise<ProgrammeRows | undefined> {
  const snapshot = await releaseSnapshot(db, number);
  if (!snapshot) return undefined;
  const tables = Object.fromEntries(PROGRAMME_TABLES.map((table) => [table, snapshot[table] ?? []])) as unknown as ProgrammeTables;
  return { tables, release: number };
}
