/**
 * The devices each account logged in on (server/gestao/auth/device-cookies.ts): a device cookie
 * counts only while its row is here.
 */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../database';
import type { StaffDevicesTable } from '../../schema';

export type StaffDeviceRow = Selectable<StaffDevicesTable>;

/**
 * Records a device given a cookie at a login, in place of the one its browser showed (`replacing`,
 * if any, of the same account), and withdraws that account's oldest beyond `keep`.
 */
export async function recordStaffDevice(db: Db, row: Insertable<StaffDevicesTable>, replacing: string | null, keep: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (replacing) await trx.deleteFrom('staff_devices').where('device', '=', replacing).where('user_id', '=', row.user_id).execute();
    await trx.insertInto('staff_devices').values(row).execute();
    const kept = trx.selectFrom('staff_devices').select('device').where('user_id', '=', row.user_id).orderBy('id', 'desc').limit(keep);
    await trx.deleteFrom('staff_devices').where('user_id', '=', row.user_id).where('device', 'not in', kept).execute();
  });
}

/** Whether the device is one of the account's, not withdrawn. */
export async function isStaffDevice(db: Db, device: string, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('staff_devices')
    .select('device')
    .where('device', '=', device)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** An account's devices, newest first. */
export async function listStaffDevices(db: Db, userId: number): Promise<StaffDeviceRow[]> {
  return db.selectFrom('staff_devices').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
}

/** Withdraws one of an account's devices; whether there was one. */
export async function deleteStaffDevice(db: Db, userId: number, device: string): Promise<boolean> {
  const result = await db.deleteFrom('staff_devices').where('user_id', '=', userId).where('device', '=', device).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Withdraws every device of an account; how many there were. */
export async function deleteStaffDevicesOfUser(db: Db, userId: number): Promise<number> {
  const result = await db.deleteFrom('staff_devices').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
