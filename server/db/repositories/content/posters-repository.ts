import type { Posters } from '../../../../src/common/api/api-types';
import type { Scope } from '../../../../src/common/constants';
import type { Db } from '../../database';

export async function postersForScope(db: Db, scope: Scope): Promise<Posters> {
  const rows = await db.selectFrom('posters').selectAll().where('scope', '=', scope).orderBy('position').execute();
  const pick = (kind: string) =>
    rows.filter((r) => r.kind === kind).map((r) => ({ img: r.img, link: r.link, description: r.caption_html }));
  return { poster: pick('poster'), banner: pick('banner') };
}
