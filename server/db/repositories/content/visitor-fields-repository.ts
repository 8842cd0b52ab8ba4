/**
 * The visitor fields of a type's rows (src/common/api/visitor-fields.ts): the columns its
 * collection names, read by id beside the answer's own query. None named, nothing is read.
 */
import type { Kysely } from 'kysely';
import type { Collection } from '../../../../src/common/gestao/collections/field-kit';
import { visitorValue, type VisitorValue } from '../../../../src/common/api/collection-props';
import { visitorFields } from '../../../../src/common/api/visitor-fields';
import type { Db } from '../../database';

/** The tables whose public answers carry their collection's visitor fields. */
type VisitorTable = 'sessions';

/** Kysely cannot type columns chosen at run time; they are the collection's fields, which its migrations made. */
type LooseDb = Kysely<Record<VisitorTable, Record<string, unknown>>>;

/** Each row's visitor fields, by id, as visitors read them. */
export async function visitorFieldsByRow(
  db: Db,
  collection: Collection,
  table: VisitorTable,
  ids: readonly number[],
): Promise<Map<number, Record<string, VisitorValue>>> {
  const fields = visitorFields(collection);
  if (fields.length === 0 || ids.length === 0) return new Map();
  const rows = await (db as unknown as LooseDb)
    .selectFrom(table)
    .select(['id', ...fields.map(([name]) => name)])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((row) => [Number(row.id), Object.fromEntries(fields.map(([name, f]) => [name, visitorValue(f, row[name])]))]));
}

/**
 * Columns of a table, qualified (`movies.director`), for a query that joins others: the fields an
 * answer copies from its collection (response-schemas.ts) are selected from the same list.
 */
export const qualified = <const T extends string, const N extends readonly string[]>(table: T, names: N) =>
  names.map((name) => `${table}.${name}` as const) as `${T}.${N[number]}`[];
