/**
 * Secrets every instance must share (the session cookie's signing key): made once by whichever
 * instance comes first and read by all the others, never a constant in the code.
 */
import type { Db } from '../../database';

/** The secret called `name`, stored now with the value `make` gives when there is none yet. */
export async function readOrCreateSecret(db: Db, name: string, make: () => string, now: string): Promise<string> {
  // Two instances starting together may both try: the loser's insert does nothing and it reads the winner's.
  await db
    .insertInto('staff_secrets')
    .values({ name, value: make(), created_at: now })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('staff_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/** Replaces the secret called `name` with `value` (made if missing): what was signed with the old one stops verifying. */
export async function replaceSecret(db: Db, name: string, value: string, now: string): Promise<void> {
  await db
    .insertInto('staff_secrets')
    .values({ name, value, created_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, created_at: now }))
    .execute();
}
