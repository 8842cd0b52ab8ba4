import type { SponsorList } from '../../../../src/common/api/api-types';
import { publicValues } from '../../../../src/common/api/collection-props';
import { SPONSOR_FIELDS } from '../../../../src/common/api/response-schemas';
import { COLLECTIONS } from '../../../../src/common/gestao/collections';
import type { Scope } from '../../../../src/common/constants';
import type { Db } from '../../database';
import { qualified } from './visitor-fields-repository';

/**
 * Sponsors in display order (group position, then sponsor position), as items by id plus the
 * ordered ids. `groupId` 0 means every group of the scope.
 */
export async function listSponsors(db: Db, scope: Scope, groupId = 0): Promise<SponsorList> {
  let query = db
    .selectFrom('sponsors')
    .innerJoin('sponsor_groups', 'sponsor_groups.id', 'sponsors.group_id')
    .select([
      'sponsors.id',
      ...qualified('sponsors', SPONSOR_FIELDS),
      'sponsors.description_html',
      'sponsor_groups.name as tag_name',
      'sponsor_groups.minimized',
    ])
    .where('sponsor_groups.scope', '=', scope);
  if (groupId !== 0) query = query.where('sponsor_groups.id', '=', groupId);
  const rows = await query.orderBy('sponsor_groups.position').orderBy('sponsors.position').orderBy('sponsors.id').execute();
  const list: SponsorList = { items: {}, ids: [] };
  for (const r of rows) {
    const id = String(r.id);
    list.ids.push(id);
    list.items[id] = {
      id,
      ...publicValues(COLLECTIONS.sponsors, SPONSOR_FIELDS, r),
      minimized: r.minimized,
      description: r.description_html,
      tag_name: r.tag_name,
    };
  }
  return list;
}

export async function sponsorGroupExists(db: Db, groupId: number, scope: Scope): Promise<boolean> {
  const row = await db.selectFrom('sponsor_groups').select('id').where('id', '=', groupId).where('scope', '=', scope).executeTakeFirst();
  return row !== undefined;
}
