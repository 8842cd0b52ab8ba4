import type { Db } from '../../database';

/** The bytes of a file the import wrote, by the name a press item or attachment row gives. */
export async function contentFileData(db: Db, fileName: string): Promise<Buffer | undefined> {
  const row = await db.selectFrom('content_files').select('data').where('file_name', '=', fileName).executeTakeFirst();
  return row ? Buffer.from(row.data) : undefined;
}

/** The size of a stored file, or undefined when there is none by that name (a press item's PDF must be uploaded first). */
export async function contentFileSize(db: Db, fileName: string): Promise<number | undefined> {
  const row = await db.selectFrom('content_files').select('data').where('file_name', '=', fileName).executeTakeFirst();
  return row ? Buffer.from(row.data).length : undefined;
}

/** Stores an uploaded file under a name made from its content: the same bytes again change nothing. */
export async function insertContentFile(db: Db, fileName: string, data: Buffer): Promise<void> {
  await db
    .insertInto('content_files')
    .values({ file_name: fileName, data })
    .onConflict((c) => c.column('file_name').doNothing())
    .execute();
}
