import type { Posters } from '../../../../src/common/api/api-types';
import { publicValues } from '../../../../src/common/api/collection-props';
import { POSTER_FIELDS } from '../../../../src/common/api/response-schemas';
import { COLLECTIONS } from '../../../../src/common/gestao/collections';
import type { Scope } from '../../../../src/common/constants';
import type { Db } from '../../database';
import { DEFAULT_LOCALE, type Locale } from '../../../../src/common/i18n/locales';
import { localizedRow, untranslatedMark } from './localized-rows';

export async function postersForScope(db: Db, scope: Scope, locale: Locale = DEFAULT_LOCALE): Promise<Posters> {
  const rows = await db.selectFrom('posters').selectAll().where('scope', '=', scope).orderBy('position').execute();
  const pick = (kind: string) =>
    rows
      .filter((r) => r.kind === kind)
      .map((stored) => {
        const { row: r, untranslated } = localizedRow('posters', stored, locale);
        return {
          ...publicValues(COLLECTIONS.posters, POSTER_FIELDS, r),
          description: r.caption_html,
          ...untranslatedMark(locale, untranslated, { caption_html: 'description' }),
        };
      });
  return { poster: pick('poster'), banner: pick('banner') };
}
