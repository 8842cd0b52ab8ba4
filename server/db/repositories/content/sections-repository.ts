import type { Section } from '../../../../src/common/api/api-types';
import type { AssetType, Scope } from '../../../../src/common/constants';
import type { Db } from '../../database';

export async function listSections(db: Db, assetType: AssetType, scope: Scope): Promise<Section[]> {
  const rows = await db
    .selectFrom('sections')
    .select(['id', 'name', 'asset_type'])
    .where('asset_type', '=', assetType)
    .where('scope', '=', scope)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: String(r.id), name: r.name, assetType: r.asset_type as AssetType }));
}
