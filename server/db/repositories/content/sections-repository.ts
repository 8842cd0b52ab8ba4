import type { Section } from '../../../../src/common/api/api-types';
import { publicValues } from '../../../../src/common/api/collection-props';
import { SECTION_FIELDS } from '../../../../src/common/api/response-schemas';
import { COLLECTIONS } from '../../../../src/common/gestao/collections';
import type { AssetType, Scope } from '../../../../src/common/constants';
import type { Db } from '../../database';

export async function listSections(db: Db, assetType: AssetType, scope: Scope): Promise<Section[]> {
  const rows = await db
    .selectFrom('sections')
    .select(['id', ...SECTION_FIELDS, 'asset_type'])
    .where('asset_type', '=', assetType)
    .where('scope', '=', scope)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    ...publicValues(COLLECTIONS.sections, SECTION_FIELDS, r),
    assetType: r.asset_type as AssetType,
  }));
}
