import type { MenuItem, Menus } from '../../../../src/common/api/api-types';
import { publicValues } from '../../../../src/common/api/collection-props';
import { localizedRow, untranslatedMark } from './localized-rows';
import { DEFAULT_LOCALE, type Locale } from '../../../../src/common/i18n/locales';
import { MENU_ITEM_FIELDS } from '../../../../src/common/api/response-schemas';
import { COLLECTIONS } from '../../../../src/common/gestao/collections';
import type { Scope } from '../../../../src/common/constants';
import type { Db } from '../../database';

export async function menusForScope(db: Db, scope: Scope, locale: Locale = DEFAULT_LOCALE): Promise<Menus> {
  const [rows, pages] = await Promise.all([
    db.selectFrom('menu_items').selectAll().where('scope', '=', scope).orderBy('position').orderBy('id').execute(),
    db.selectFrom('custom_pages').select(['id', 'slug', 'template_id']).execute(),
  ]);
  // An entry for one of the site's pages follows the page: its address changed in /gestao, the menu links there.
  const pageById = new Map(pages.map((p) => [p.id, p]));
  const urlOf = (r: (typeof rows)[number]) => {
    const page = r.internal_page_id > 0 ? pageById.get(r.internal_page_id) : undefined;
    return page ? `t${page.template_id}/${page.slug}` : r.menu_url;
  };
  const byParent = new Map<number | null, typeof rows>();
  for (const row of rows) byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row]);
  const build = (parentId: number | null, location: string): MenuItem[] =>
    (byParent.get(parentId) ?? [])
      .filter((r) => r.location === location)
      .map((stored) => {
        const { row: r, untranslated } = localizedRow('menu_items', stored, locale);
        return {
          ...publicValues(COLLECTIONS.menu_items, MENU_ITEM_FIELDS, r),
          menu_url: urlOf(stored),
          template_id: r.template_id,
          childs: build(r.id, location),
          ...untranslatedMark(locale, untranslated),
        };
      });
  return { top: build(null, 'top'), bottom: build(null, 'bottom') };
}
