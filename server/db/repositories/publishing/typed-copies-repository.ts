/** What each person typed and has not saved yet, per record (src/common/gestao/typed-copy.ts). */
import type { TypedCopy } from '../../../../src/common/gestao/typed-copy';
import type { Db } from '../../database';

export async function readTypedCopy(db: Db, userId: number, recordKey: string): Promise<TypedCopy | null> {
  const row = await db
    .selectFrom('staff_typed_copies')
    .select(['fields_json', 'base_version', 'saved_at'])
    .where('user_id', '=', userId)
    .where('record_key', '=', recordKey)
    .executeTakeFirst();
  return row ? { fields: JSON.parse(row.fields_json) as TypedCopy['fields'], baseVersion: row.base_version, savedAt: row.saved_at } : null;
}

export async function keepTypedCopy(db: Db, userId: number, recordKey: string, copy: TypedCopy): Promise<void> {
  const values = { fields_json: JSON.stringify(copy.fields), base_version: copy.baseVersion, saved_at: copy.savedAt };
  await db
    .insertInto('staff_typed_copies')
    .values({ user_id: userId, record_key: recordKey, ...values })
    .onConflict((oc) => oc.columns(['user_id', 'record_key']).doUpdateSet(values))
    .execute();
}

export async function forgetTypedCopy(db: Db, userId: number, recordKey: string): Promise<void> {
  await db.deleteFrom('staff_typed_copies').where('user_id', '=', userId).where('record_key', '=', recordKey).execute();
}
