/** Films and parallel events (activities): one table, told apart by is_movie. */
import type { Activity, Card, FilmFilterItem, Movie, MovieListItem, Session } from '../../../../src/common/api/api-types';
import { publicValues } from '../../../../src/common/api/collection-props';
import { ACTIVITY_FIELDS, MOVIE_FIELDS, MOVIE_LIST_FIELDS } from '../../../../src/common/api/response-schemas';
import { COLLECTIONS } from '../../../../src/common/gestao/collections';
import type { Scope } from '../../../../src/common/constants';
import type { Collection } from '../../../../src/common/gestao/collections/field-kit';
import { foldText } from '../../../../src/common/text/plain-text';
import { picturesForApi } from './media-uploads-repository';
import type { Db } from '../../database';
import type { MoviesTable } from '../../schema';
import {
  SESSION_FOLLOW_COLUMNS,
  SESSION_STATUS_COLUMNS,
  sessionFollow,
  sessionStatus,
  sessionsWithPlaceAndWork,
  statusNoteFallback,
} from '../programme/session-rows';
import { plannedBeside, plannedPlaces } from '../programme/programme-changes-repository';
import { flag, WORK_CARD_COLUMNS, workCard, type WorkCardRow } from './work-cards';
import { qualified, visitorFieldsByRow } from './visitor-fields-repository';
import { anySessionOf, resolveFollow, type FollowFields, type SessionFollow } from '../../../../src/common/programme/session-access';
import { joinedText, localizedRow, untranslatedMark } from './localized-rows';
import { DEFAULT_LOCALE, type Locale } from '../../../../src/common/i18n/locales';

const month = (startsAt: string | null) => (startsAt ? String(Number(startsAt.slice(5, 7))) : '');

function cardQuery(db: Db) {
  return db
    .selectFrom('movies')
    .innerJoin('sections', 'sections.id', 'movies.section_id')
    .select([
      ...WORK_CARD_COLUMNS,
      'movies.year',
      ...qualified('movies', MOVIE_LIST_FIELDS),
      (eb) =>
        eb
          .selectFrom('sessions')
          .select((s) => s.fn.min('sessions.starts_at').as('first'))
          .whereRef('sessions.movie_id', '=', 'movies.id')
          .as('first_session'),
    ]);
}
type CardRow = WorkCardRow & Pick<MoviesTable, 'year' | (typeof MOVIE_LIST_FIELDS)[number]> & { first_session: string | null };

function toCard(row: CardRow, locale: Locale = DEFAULT_LOCALE): Card {
  return { ...workCard(row, locale), mm: month(row.first_session) };
}
/** `follow`: the film's own (its page's); a list gives what its sessions offer together (filmsByCategory). */
function toListItem(row: CardRow & Partial<FollowFields>, locale: Locale = DEFAULT_LOCALE, follow = resolveFollow({}, row)): MovieListItem {
  return {
    ...toCard(row, locale),
    yy: row.year ? String(row.year) : '',
    ...publicValues(COLLECTIONS.movies, MOVIE_LIST_FIELDS, row),
    follow,
  };
}

/** Each film's sessions' follow, resolved, by film id. */
async function sessionFollowsByFilm(db: Db, ids: number[]): Promise<Map<number, SessionFollow[]>> {
  const byFilm = new Map<number, SessionFollow[]>();
  if (ids.length === 0) return byFilm;
  const rows = await sessionsWithPlaceAndWork(db)
    .select(['sessions.movie_id', ...SESSION_FOLLOW_COLUMNS])
    .where('sessions.movie_id', 'in', ids)
    .execute();
  for (const r of rows) byFilm.set(r.movie_id, [...(byFilm.get(r.movie_id) ?? []), sessionFollow(r)]);
  return byFilm;
}

/**
 * Films of a scope, optionally of one category: '0' means all, otherwise a section id or a
 * section name compared without case or accents ('seccoes especiais' = 'Secções Especiais').
 */
export async function filmsByCategory(
  db: Db,
  category: string,
  scope: Scope,
  locale: Locale = DEFAULT_LOCALE,
): Promise<MovieListItem[] | null> {
  let query = cardQuery(db).where('movies.is_movie', '=', 1).where('movies.scope', '=', scope);
  if (category !== '0') {
    const sections = await db
      .selectFrom('sections')
      .select(['id', 'name', 'name_en', 'name_it'])
      .where('asset_type', '=', 'movies')
      .execute();
    const wanted = foldText(category);
    // By its name in any language: a list's filter at /en/ is its English name.
    const section = sections.find(
      (s) => String(s.id) === category || [s.name, s.name_en, s.name_it].some((n) => n && foldText(n) === wanted),
    );
    if (!section) return null;
    query = query.where('movies.section_id', '=', section.id);
  }
  const rows = await query
    .select(['movies.spoken_languages', 'movies.subtitle_languages', 'movies.age_rating', 'movies.access_features'])
    .orderBy('movies.highlight', 'desc')
    .orderBy('movies.title')
    .execute();
  const follows = await sessionFollowsByFilm(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toListItem(row, locale, anySessionOf(follows.get(row.id) ?? [], resolveFollow({}, row))));
}

/** The distribution label's films, for the film filter of the distribution scope. */
export async function filmFilterList(db: Db, locale: Locale = DEFAULT_LOCALE): Promise<FilmFilterItem[]> {
  const rows = await db
    .selectFrom('movies')
    .select(['id', 'title', 'title_en', 'title_it'])
    .where('is_movie', '=', 1)
    .where('scope', '=', 'distrib')
    .orderBy('title')
    .execute();
  return rows.map((stored) => {
    const { row: r, untranslated } = localizedRow('movies', stored, locale);
    return { id: String(r.id), name: r.title, ...untranslatedMark(locale, untranslated, { title: 'name' }) };
  });
}

export async function activityCards(db: Db, locale: Locale = DEFAULT_LOCALE): Promise<Card[]> {
  const rows = await cardQuery(db).where('movies.is_movie', '=', 0).orderBy('first_session').orderBy('movies.title').execute();
  return rows.map((row) => toCard(row, locale));
}

/** A work's sessions, with the visitor fields of the sessions' collection. */
async function sessionsOf(db: Db, sessionsCollection: Collection, movieId: number, locale: Locale): Promise<Session[]> {
  const rows = await sessionsWithPlaceAndWork(db)
    .select([
      'sessions.id',
      'sessions.starts_at',
      'venues.name as venue_name',
      'venues.address as venue_address',
      'cities.id as city_id',
      'cities.name as city_name',
      ...SESSION_STATUS_COLUMNS,
      ...SESSION_FOLLOW_COLUMNS,
      'venues.id as venue_id',
    ])
    .where('sessions.movie_id', '=', movieId)
    .orderBy('sessions.starts_at')
    .orderBy('cities.position')
    .execute();
  const planned = await plannedPlaces(db);
  const visible = await visitorFieldsByRow(
    db,
    sessionsCollection,
    'sessions',
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    ...visible.get(r.id),
    id: String(r.id),
    city_name: r.city_name,
    dd: String(Number(r.starts_at.slice(8, 10))),
    mm: String(Number(r.starts_at.slice(5, 7))),
    hhmm: r.starts_at.slice(11, 16),
    venue_name: r.venue_name,
    starts_at: r.starts_at,
    city_id: String(r.city_id),
    venue_address: r.venue_address,
    venue_id: String(r.venue_id),
    ...sessionStatus(r, locale),
    follow: sessionFollow(r),
    ...plannedBeside(planned, String(r.id), r),
    ...untranslatedMark(locale, statusNoteFallback(r, locale)),
  }));
}

async function detailRow(db: Db, id: number, isMovie: 0 | 1) {
  return cardQuery(db)
    .selectAll('movies')
    .select([
      'sections.name_en as section_name_en',
      'sections.name_it as section_name_it',
      // The card's columns hold the rest of an activity's (ACTIVITY_FIELDS).
      ...qualified('movies', MOVIE_FIELDS),
      'movies.description_html',
      'movies.technical_info_html',
      'movies.video_id',
      'movies.buy_label',
      'movies.buy_link',
      'movies.from_festival',
    ])
    .where('movies.id', '=', id)
    .where('movies.is_movie', '=', isMovie)
    .executeTakeFirst();
}

/** A film in full, with its sessions; null when no film has that id. */
/** The section's name in a language: its translation, else its pt-PT. */
const sectionNameIn = (row: Readonly<Record<string, unknown>>, locale: Locale) =>
  joinedText('sections', 'name', row, 'section_name', locale).text;

/** What a work's page renames of its record (the API's names since the first site). */
const DETAIL_NAMES = { description_html: 'description', technical_info_html: 'technical_info', buy_label: 'buybtn_label' };

export async function movieById(
  db: Db,
  sessionsCollection: Collection,
  id: number,
  videoBase: string,
  locale: Locale = DEFAULT_LOCALE,
): Promise<Movie | null> {
  const stored = await detailRow(db, id, 1);
  if (!stored) return null;
  const { row, untranslated } = localizedRow('movies', stored, locale);
  const sessions = await sessionsOf(db, sessionsCollection, id, locale);
  const first = sessions[0];
  return {
    ...toListItem(row, locale),
    venue: first?.venue_name ?? '',
    hh: first?.hhmm ?? '',
    tag: sectionNameIn(row, locale),
    ...publicValues(COLLECTIONS.movies, MOVIE_FIELDS, row),
    description: row.description_html,
    video_url: row.video_id ? `${videoBase}/play/${row.video_id}` : '',
    buybtn_label: row.buy_label,
    buylink: row.buy_link,
    fromfestival: flag(row.from_festival),
    technical_info: row.technical_info_html,
    sessions,
    pictures: await picturesForApi(db, [row.poster, row.thumb]),
    ...untranslatedMark(locale, untranslated, DETAIL_NAMES),
  };
}

export async function activityById(
  db: Db,
  sessionsCollection: Collection,
  id: number,
  locale: Locale = DEFAULT_LOCALE,
): Promise<Activity | null> {
  const stored = await detailRow(db, id, 0);
  if (!stored) return null;
  const { row, untranslated } = localizedRow('movies', stored, locale);
  return {
    id: String(row.id),
    ...publicValues(COLLECTIONS.movies, ACTIVITY_FIELDS, row),
    description: row.description_html,
    name: sectionNameIn(row, locale),
    ismovie: '0',
    sessions: await sessionsOf(db, sessionsCollection, id, locale),
    pictures: await picturesForApi(db, [row.poster, row.thumb]),
    ...untranslatedMark(locale, untranslated, DETAIL_NAMES),
  };
}

/** Ids of every film (1) or parallel event (0), for the offline programme. */
export async function allWorkIds(db: Db, isMovie: 0 | 1): Promise<number[]> {
  const rows = await db.selectFrom('movies').select('id').where('is_movie', '=', isMovie).orderBy('id').execute();
  return rows.map((r) => r.id);
}
