/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * The programme's spreadsheet imports: the file as read (its headers and cells, so that mapping
 * its columns and the dry run need no second upload), who uploaded it and when, and once applied,
 * who applied it, when, and every session it touched with the draft that session had before (or
 * none), which is what one action restores to undo the whole import.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

const onPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  const table = db.schema.createTable('programme_imports');
  await (
    onPostgres(db)
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('file_name', 'text', (c) => c.notNull())
    // JSON: the headers (string[]) and the rows (string[][]), as read from the file.
    .addColumn('headers_json', 'text', (c) => c.notNull())
    .addColumn('cells_json', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'text', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .addColumn('applied_by', 'text')
    .addColumn('applied_at', 'text')
    // JSON: the mapping the import was applied with, and each touched session's draft before it.
    .addColumn('mapping_json', 'text')
    .addColumn('touched_json', 'text')
    .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('changed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('undone_by', 'text')
    .addColumn('undone_at', 'text')
    .execute();
  await db.schema.createIndex('programme_imports_applied_at').on('programme_imports').column('applied_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('programme_imports').execute();
}
