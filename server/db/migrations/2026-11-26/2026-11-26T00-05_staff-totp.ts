/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * Two-step login (TOTP, RFC 6238) for staff: the account's shared secret (base32; set at setup,
 * in force once a first code confirms it), and the last time step a code was accepted for, so
 * that a code seen over someone's shoulder cannot be used a second time.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff_users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('staff_users').addColumn('totp_enabled_at', 'text').execute();
  await db.schema.alterTable('staff_users').addColumn('totp_last_step', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff_users').dropColumn('totp_last_step').execute();
  await db.schema.alterTable('staff_users').dropColumn('totp_enabled_at').execute();
  await db.schema.alterTable('staff_users').dropColumn('totp_secret').execute();
}
