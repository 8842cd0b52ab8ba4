import type { CustomPage } from '../../../../src/common/api/api-types';
import { publicValues } from '../../../../src/common/api/collection-props';
import { CUSTOM_PAGE_FIELDS } from '../../../../src/common/api/response-schemas';
import { COLLECTIONS } from '../../../../src/common/gestao/collections';
import type { Db } from '../../database';
import { DEFAULT_LOCALE, type Locale } from '../../../../src/common/i18n/locales';
import { localizedRow, untranslatedMark } from './localized-rows';

export async function customPageBySlug(db: Db, slug: string, locale: Locale = DEFAULT_LOCALE): Promise<CustomPage | null> {
  const stored = await db.selectFrom('custom_pages').selectAll().where('slug', '=', slug).executeTakeFirst();
  if (!stored) return null;
  const { row: page, untranslated } = localizedRow('custom_pages', stored, locale);
  const cards = await db.selectFrom('custom_page_cards').selectAll().where('page_id', '=', page.id).orderBy('position').execute();
  return {
    ...publicValues(COLLECTIONS.custom_pages, CUSTOM_PAGE_FIELDS, page),
    mainhtml: page.main_html,
    sidebarhtml: page.sidebar_html,
    cards: cards.map((c) => ({ movie_id: String(c.movie_id), thumb: c.thumb, title: c.title, description: c.description })),
    ...untranslatedMark(locale, untranslated, { main_html: 'mainhtml', sidebar_html: 'sidebarhtml' }),
  };
}
