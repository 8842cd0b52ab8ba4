/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * Search matches words by their beginning, so the folded search columns must hold words
 * separated by single spaces: every run of characters that are not letters or digits
 * (punctuation, apostrophes, hyphens, quotes) becomes one space. The next content import writes
 * them so; this brings the rows already stored to the same form.
 */
import type { Kysely } from 'kysely';

const words = (folded: string) => folded.replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ').trim();

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['movies', 'news']) {
    const rows: { id: number; title_folded: string; search_text: string }[] = await db
      .selectFrom(table)
      .select(['id', 'title_folded', 'search_text'])
      .execute();
    for (const row of rows) {
      const title = words(row.title_folded);
      const text = words(row.search_text);
      if (title === row.title_folded && text === row.search_text) continue;
      await db.updateTable(table).set({ title_folded: title, search_text: text }).where('id', '=', row.id).execute();
    }
  }
}

export async function down(): Promise<void> {
  // Nothing to undo: the older search matched inside words and reads these columns as well.
}
