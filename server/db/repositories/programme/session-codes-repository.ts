/**
 * Which session holds a code (its spreadsheet key), as the draft would publish it: a published
 * session whose draft changes or removes its code no longer holds it, a new one in the draft does.
 */
import type { Db } from '../../database';

export async function sessionsHoldingCode(db: Db, code: string): Promise<string[]> {
  const live = await db.selectFrom('sessions').select('id').where('code', '=', code).execute();
  // The drafts keep the row as JSON: a LIKE narrows them (a code has no quote or backslash, the
  // record schema says so), the parsed row decides.
  const pending = await db
    .selectFrom('content_drafts')
    .select(['record_id', 'row_json'])
    .where('record_type', '=', 'sessions')
    .where((eb) =>
      eb.or([
        eb('row_json', 'like', `%${JSON.stringify(code)}%`),
        eb('record_id', 'in', live.length ? live.map((r) => String(r.id)) : ['-']),
      ]),
    )
    .execute();
  const drafted = new Map(pending.map((d) => [d.record_id, d.row_json === null ? null : (JSON.parse(d.row_json) as { code?: unknown })]));
  const holders = new Set<string>();
  for (const { id } of live) if (!drafted.has(String(id))) holders.add(String(id));
  for (const [id, row] of drafted) if (row && row.code === code) holders.add(id);
  return [...holders].sort((a, b) => Number(a) - Number(b));
}
