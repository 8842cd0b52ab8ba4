/**
 * What is left to translate: every localised field of every record in the draft (what the next
 * publication will show), per language, that has no translation ("por traduzir") or whose pt-PT
 * changed after it was translated ("a rever"), with the address of the form that edits it.
 */
import type { TranslationWork, TranslationWorkItem } from '../../../src/common/gestao/api/answers';
import { COLLECTIONS, RECORD_TYPES, type RecordType } from '../../../src/common/gestao/collections';
import { asText, TRANSLATED_LOCALES, translationState } from '../../../src/common/gestao/translations';
import type { Db } from '../../db/database';
import { draftedRows, recordId, type Row } from '../../db/repositories/publishing/drafts-repository';
import { localizedFields } from '../../db/repositories/content/localized-rows';

/** The form a record is edited in: its type's page, a session's in its film's. */
function formPath(type: RecordType, id: string, row: Row): string {
  if (type === 'sessions') return `${COLLECTIONS.movies.page!.path}/${String(row.movie_id)}`;
  const page = COLLECTIONS[type].page;
  return type === 'settings' ? page!.path : `${page!.path}/${id}`;
}

const titleOf = (row: Row, id: string) => asText(row.title) || asText(row.name) || asText(row.festival_name) || asText(row.starts_at) || id;

export async function translationWork(db: Db): Promise<TranslationWork> {
  const items: TranslationWorkItem[] = [];
  for (const type of RECORD_TYPES) {
    const fields = localizedFields(type);
    if (fields.length === 0) continue;
    for (const row of await draftedRows(db, type)) {
      const id = recordId(type, row);
      for (const field of fields)
        for (const locale of TRANSLATED_LOCALES) {
          const state = translationState(row, field, locale);
          if (state === 'missing' || state === 'stale')
            items.push({ type, id, title: titleOf(row, id), field, locale, state, path: formPath(type, id, row) });
        }
    }
  }
  const counts = Object.fromEntries(
    TRANSLATED_LOCALES.map((locale) => {
      const own = items.filter((i) => i.locale === locale);
      return [locale, { missing: own.filter((i) => i.state === 'missing').length, stale: own.filter((i) => i.state === 'stale').length }];
    }),
  ) as TranslationWork['counts'];
  return { counts, items };
}
