import type { Db } from '../database';

/** The bytes of a file the import wrote, by the name a press item or attachment row gives. */
export async function contentFileData(db: Db, fileName: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('content_files').select('data').where('file_name', '=', fileName).executeTakeFirst();
  return row ? Buffer.from(row.data) : undefined;
}
