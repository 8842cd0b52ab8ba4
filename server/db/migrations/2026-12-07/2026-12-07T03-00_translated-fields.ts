/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * The festival's own texts in English and Italian (docs/decisions/2026-12-07-translated-content.md):
 * beside each field visitors read, a column per language for its translation and one for the
 * fingerprint of the pt-PT text it was made from. Every existing value stays where it is, as the
 * pt-PT; every translation starts empty ("por traduzir"), never a copy of the pt-PT. The settings
 * record keeps its translations inside its JSON row, so it needs no column.
 */
import type { Kysely } from 'kysely';

const TRANSLATED: Record<string, readonly string[]> = {
  movies: ['title', 'logline', 'description_html', 'technical_info_html', 'buy_label'],
  sessions: ['status_note'],
  news: ['title', 'summary', 'description_html'],
  custom_pages: ['title', 'main_html', 'sidebar_html', 'subsection_title', 'subsection_html'],
  press_items: ['title', 'description_html'],
  sections: ['name'],
  menu_items: ['title'],
  sponsors: ['description_html'],
  sponsor_groups: ['name'],
  programme_entries: ['description_html'],
  posters: ['caption_html'],
};
const LANGUAGES = ['en', 'it'];

const columnsOf = (field: string) => LANGUAGES.flatMap((l) => [`${field}_${l}`, `${field}_${l}_source`]);

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, fields] of Object.entries(TRANSLATED))
    for (const column of fields.flatMap(columnsOf))
      await db.schema
        .alterTable(table)
        .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
        .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, fields] of Object.entries(TRANSLATED))
    for (const column of fields.flatMap(columnsOf)) await db.schema.alterTable(table).dropColumn(column).execute();
}
