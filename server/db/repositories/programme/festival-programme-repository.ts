import type { FestivalProgrammeEntry } from '../../../../src/common/api/api-types';
import type { Db } from '../../database';
import { DEFAULT_LOCALE, type Locale } from '../../../../src/common/i18n/locales';
import { localizedRow, untranslatedMark } from '../content/localized-rows';

export async function festivalProgramme(db: Db, locale: Locale = DEFAULT_LOCALE): Promise<FestivalProgrammeEntry[]> {
  const [entries, attachments] = await Promise.all([
    db.selectFrom('programme_entries').selectAll().orderBy('position').execute(),
    db.selectFrom('programme_attachments').selectAll().orderBy('position').execute(),
  ]);
  return entries.map((stored) => {
    const { row: e, untranslated } = localizedRow('programme_entries', stored, locale);
    return {
      description: e.description_html,
      attachments: attachments
        .filter((a) => a.entry_id === e.id)
        .map((a) => ({ id: String(a.id), title: a.title, description: a.description_html, size: a.size, mime: a.mime })),
      ...untranslatedMark(locale, untranslated, { description_html: 'description' }),
    };
  });
}

/** The stored file of an attachment: its name comes from the database, never from the request. */
export async function attachmentFile(db: Db, id: number) {
  return db.selectFrom('programme_attachments').select(['file_name', 'mime', 'size', 'title']).where('id', '=', id).executeTakeFirst();
}
