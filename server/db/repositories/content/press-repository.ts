import type { PressItem } from '../../../../src/common/api/api-types';
import { publicValues } from '../../../../src/common/api/collection-props';
import { PRESS_ITEM_FIELDS } from '../../../../src/common/api/response-schemas';
import type { PressType } from '../../../../src/common/constants';
import { COLLECTIONS } from '../../../../src/common/gestao/collections';
import type { Db } from '../../database';
import { DEFAULT_LOCALE, type Locale } from '../../../../src/common/i18n/locales';
import { localizedRow, untranslatedMark } from './localized-rows';

export async function listPress(db: Db, type: PressType, locale: Locale = DEFAULT_LOCALE): Promise<PressItem[]> {
  const rows = await db
    .selectFrom('press_items')
    .select([
      'id',
      ...PRESS_ITEM_FIELDS,
      'title_en',
      'title_it',
      'description_html',
      'description_html_en',
      'description_html_it',
      'type',
      'size',
      'mime',
    ])
    .where('type', '=', type)
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((stored) => {
    const { row: r, untranslated } = localizedRow('press_items', stored, locale);
    return {
      id: String(r.id),
      ...publicValues(COLLECTIONS.press_items, PRESS_ITEM_FIELDS, r),
      description: r.description_html,
      type: r.type as PressType,
      size: r.size,
      mime: r.mime,
      ...untranslatedMark(locale, untranslated, { description_html: 'description' }),
    };
  });
}

/** The stored file of a press item: its name comes from the database, never from the request. */
export async function pressFile(db: Db, id: number) {
  return db.selectFrom('press_items').select(['file_name', 'mime', 'size', 'title']).where('id', '=', id).executeTakeFirst();
}
