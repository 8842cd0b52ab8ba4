import type { CustomPage } from '../../../../src/common/api/api-types';
import type { Db } from '../../database';

export async function customPageBySlug(db: Db, slug: string): Promise<CustomPage | null> {
  const page = await db.selectFrom('custom_pages').selectAll().where('slug', '=', slug).executeTakeFirst();
  if (!page) return null;
  const cards = await db.selectFrom('custom_page_cards').selectAll().where('page_id', '=', page.id).orderBy('position').execute();
  return {
    slug: page.slug,
    template_id: page.template_id,
    title: page.title,
    poster: page.poster,
    mainhtml: page.main_html,
    sidebarhtml: page.sidebar_html,
    num_text_cols: page.num_text_cols,
    subsection_title: page.subsection_title,
    subsection_html: page.subsection_html,
    cards: cards.map((c) => ({ movie_id: String(c.movie_id), thumb: c.thumb, title: c.title, description: c.description })),
  };
}
