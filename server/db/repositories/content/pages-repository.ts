import type { CustomPage } from '../../../../src/common/api/api-types';
import { publicValues } from '../../../../src/common/api/collection-props';
import { CUSTOM_PAGE_FIELDS } from '../../../../src/common/api/response-schemas';
import { COLLECTIONS } from '../../../../src/common/gestao/collections';
import type { Db } from '../../database';

export async function customPageBySlug(db: Db, slug: string): Promise<CustomPage | null> {
  const page = await db.selectFrom('custom_pages').selectAll().where('slug', '=', slug).executeTakeFirst();
  if (!page) return null;
  const cards = await db.selectFrom('custom_page_cards').selectAll().where('page_id', '=', page.id).orderBy('position').execute();
  return {
    ...publicValues(COLLECTIONS.custom_pages, CUSTOM_PAGE_FIELDS, page),
    mainhtml: page.main_html,
    sidebarhtml: page.sidebar_html,
    cards: cards.map((c) => ({ movie_id: String(c.movie_id), thumb: c.thumb, title: c.title, description: c.description })),
  };
}
