import type { NewsItem } from '../../../../src/common/api/api-types';
import { publicValues } from '../../../../src/common/api/collection-props';
import { NEWS_FIELDS } from '../../../../src/common/api/response-schemas';
import { COLLECTIONS } from '../../../../src/common/gestao/collections';
import type { Scope } from '../../../../src/common/constants';
import { prettyDate } from '../../../../src/common/time/months';
import type { Db } from '../../database';
import type { Selectable } from 'kysely';
import { DEFAULT_LOCALE, type Locale } from '../../../../src/common/i18n/locales';
import { localizedRow, untranslatedMark } from './localized-rows';
import type { NewsTable } from '../../schema';

type NewsRow = Selectable<NewsTable>;
import { picturesForApi } from './media-uploads-repository';

type Pictures = NewsItem['pictures'];

/** The alt text and focal point of the uploaded pictures among the rows' thumbs and posters. */
const picturesOf = (db: Db, rows: readonly NewsRow[]): Promise<Pictures> =>
  picturesForApi(
    db,
    rows.flatMap((r) => [r.thumb, r.poster]),
  );

const picturesFor = (row: NewsRow, all: Pictures): Pictures =>
  Object.fromEntries([row.thumb, row.poster].filter((path) => path in all).map((path) => [path, all[path]!]));

function toNews(row: NewsRow, videoBase: string, withDescription: boolean, pictures: Pictures): NewsItem {
  const [yy = '', mm = '', dd = ''] = row.published_at.slice(0, 10).split('-');
  return {
    id: String(row.id),
    ...publicValues(COLLECTIONS.news, NEWS_FIELDS, row),
    pretty_date: prettyDate(dd, mm, yy),
    description: withDescription ? row.description_html : '',
    video_url: row.video_id ? `${videoBase}/play/${row.video_id}/news` : '',
    dd: String(Number(dd)),
    mm: String(Number(mm)),
    yy,
    pictures: picturesFor(row, pictures),
  };
}

/** A scope's news, newest first (descriptions are left out of lists: they are read one by one). */
export async function listNews(db: Db, scope: Scope, videoBase: string, locale: Locale = DEFAULT_LOCALE): Promise<NewsItem[]> {
  const rows = await db
    .selectFrom('news')
    .selectAll()
    .where('scope', '=', scope)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const pictures = await picturesOf(db, rows);
  return rows.map((stored) => {
    const { row, untranslated } = localizedRow('news', stored, locale);
    return { ...toNews(row, videoBase, false, pictures), ...untranslatedMark(locale, untranslated) };
  });
}

export async function newsById(db: Db, id: number, videoBase: string, locale: Locale = DEFAULT_LOCALE): Promise<NewsItem | null> {
  const stored = await db.selectFrom('news').selectAll().where('id', '=', id).executeTakeFirst();
  if (!stored) return null;
  const { row, untranslated } = localizedRow('news', stored, locale);
  return {
    ...toNews(row, videoBase, true, await picturesOf(db, [row])),
    ...untranslatedMark(locale, untranslated, { description_html: 'description' }),
  };
}
