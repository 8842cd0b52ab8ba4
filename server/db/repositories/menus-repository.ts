import type { MenuItem, Menus } from '../../../src/common/api-types';
import type { Scope } from '../../../src/common/constants';
import type { Db } from '../database';

export async function menusForScope(db: Db, scope: Scope): Promise<Menus> {
  const rows = await db.selectFrom('menu_items').selectAll().where('scope', '=', scope).orderBy('position').orderBy('id').execute();
  const byParent = new Map<number | null, typeof rows>();
  for (const row of rows) byParent.set(row.parent_id, [...(byParent.get(row.parent_id) ?? []), row]);
  const build = (parentId: number | null, location: string): MenuItem[] =>
    (byParent.get(parentId) ?? [])
      .filter((r) => r.location === location)
      .map((r) => ({
        title: r.title,
        menu_url: r.menu_url,
        internal_page_id: r.internal_page_id,
        template_id: r.template_id,
        childs: build(r.id, location),
      }));
  return { top: build(null, 'top'), bottom: build(null, 'bottom') };
}
