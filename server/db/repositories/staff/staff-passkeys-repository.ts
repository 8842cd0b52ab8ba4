/**
 * Staff passkeys (WebAuthn credentials) and the challenges of the ceremonies under way. A challenge
 * is taken (deleted) by the one check that uses it, so that a replayed answer finds none.
 */
import type { Db } from '../../database';

export interface StaffPasskey {
  id: number;
  userId: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

type Row = {
  id: number;
  user_id: number;
  credential_id: string;
  public_key: string;
  counter: number | string;
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
};

function passkeyOf(row: Row): StaffPasskey {
  const transports: unknown = JSON.parse(row.transports);
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    credentialId: row.credential_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: Array.isArray(transports) ? transports.filter((t): t is string => typeof t === 'string') : [],
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

/** One person's passkeys, oldest first. */
export async function listStaffPasskeys(db: Db, userId: number): Promise<StaffPasskey[]> {
  const rows = await db
    .selectFrom('staff_passkeys')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map(passkeyOf);
}

export async function countStaffPasskeys(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('staff_passkeys')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findStaffPasskeyByCredentialId(db: Db, credentialId: string): Promise<StaffPasskey | undefined> {
  const row = await db.selectFrom('staff_passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
  return row && passkeyOf(row);
}

export async function insertStaffPasskey(db: Db, passkey: Omit<StaffPasskey, 'id' | 'lastUsedAt'>): Promise<number> {
  const row = await db
    .insertInto('staff_passkeys')
    .values({
      user_id: passkey.userId,
      credential_id: passkey.credentialId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: JSON.stringify(passkey.transports),
      name: passkey.name,
      created_at: passkey.createdAt,
      last_used_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Records a use: the new counter and the time. False when another login with the same counter got
 * there first (the answer was replayed, or the authenticator cloned).
 */
export async function recordStaffPasskeyUse(db: Db, id: number, previousCounter: number, counter: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_passkeys')
    .set({ counter, last_used_at: at })
    .where('id', '=', id)
    .where('counter', '=', previousCounter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes one of a person's passkeys; false when they have none with this id. */
export async function deleteStaffPasskey(db: Db, userId: number, id: number): Promise<StaffPasskey | undefined> {
  const row = await db.deleteFrom('staff_passkeys').where('id', '=', id).where('user_id', '=', userId).returningAll().executeTakeFirst();
  return row && passkeyOf(row);
}

/** Removes every passkey of a person (an administrator's help after a lost key), returning them. */
export async function deleteStaffPasskeysOfUser(db: Db, userId: number): Promise<StaffPasskey[]> {
  const rows = await db.deleteFrom('staff_passkeys').where('user_id', '=', userId).returningAll().execute();
  return rows.map(passkeyOf);
}

/** How many passkeys each account has (accounts with none are left out). */
export async function countStaffPasskeysByUser(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('staff_passkeys')
    .select(['user_id', (eb) => eb.fn.countAll().as('n')])
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.user_id), Number(row.n)]));
}

/** Keeps a challenge until `expiresAt` (and drops those already expired). */
export async function storePasskeyChallenge(
  db: Db,
  challenge: { challenge: string; purpose: 'register' | 'login'; userId: number | null; expiresAt: string },
  now: string,
): Promise<void> {
  await db.deleteFrom('staff_passkey_challenges').where('expires_at', '<=', now).execute();
  await db
    .insertInto('staff_passkey_challenges')
    .values({ challenge: challenge.challenge, purpose: challenge.purpose, user_id: challenge.userId, expires_at: challenge.expiresAt })
    .execute();
}

/**
 * Takes a challenge for its one use: true when it was there, for this purpose and person, and not
 * expired. Deleted either way, so that it is never good a second time.
 */
export async function takePasskeyChallenge(
  db: Db,
  challenge: string,
  purpose: 'register' | 'login',
  userId: number | null,
  now: string,
): Promise<boolean> {
  const row = await db.deleteFrom('staff_passkey_challenges').where('challenge', '=', challenge).returningAll().executeTakeFirst();
  return (
    row !== undefined && row.purpose === purpose && (row.user_id === null ? null : Number(row.user_id)) === userId && row.expires_at > now
  );
}
