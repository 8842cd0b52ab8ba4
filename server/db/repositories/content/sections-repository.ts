import type { Section } from '../../../../src/common/api/api-types';
import { publicValues } from '../../../../src/common/api/collection-props';
import { localizedRow, untranslatedMark } from './localized-rows';
import { DEFAULT_LOCALE, type Locale } from '../../../../src/common/i18n/locales';
import { SECTION_FIELDS } from '../../../../src/common/api/response-schemas';
import { COLLECTIONS } from '../../../../src/common/gestao/collections';
import type { AssetType, Scope } from '../../../../src/common/constants';
import type { Db } from '../../database';

export async function listSections(db: Db, assetType: AssetType, scope: Scope, locale: Locale = DEFAULT_LOCALE): Promise<Section[]> {
  const rows = await db
    .selectFrom('sections')
    .select(['id', ...SECTION_FIELDS, 'name_en', 'name_it', 'asset_type'])
    .where('asset_type', '=', assetType)
    .where('scope', '=', scope)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((stored) => {
    const { row: r, untranslated } = localizedRow('sections', stored, locale);
    return {
      id: String(r.id),
      ...publicValues(COLLECTIONS.sections, SECTION_FIELDS, r),
      assetType: r.asset_type as AssetType,
      ...untranslatedMark(locale, untranslated),
    };
  });
}
