/**
 * The current password asked by "change my password" and the password asked again before a
 * sensitive action now share one per-session counter (the login failures of kind 'reauth'), so a
 * stolen session gets five wrong answers in all, not five of each. The table that counted the first
 * kind alone goes.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_password_change_attempts').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_password_change_attempts')
    .addColumn('session_hash', 'text', (c) => c.notNull().references('staff_sessions.id_hash').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('staff_password_change_attempts_session_idx')
    .on('staff_password_change_attempts')
    .column('session_hash')
    .execute();
}
