/*
 * Frozen in time: this migration must never import application code, and never change once
 * released. A change of schema is a new migration with a later date.
 *
 * One-time links to choose a new password, which an administrator sends to someone who already
 * has an account (a forgotten or leaked password), as invitations are for someone new: only the
 * SHA-256 of the token is kept, the link works once and for 72 hours. A newer link replaces the
 * person's older ones (used_at set), and the link dies with the account.
 *
 * A change of one's own password asks for the current one: each answer is charged to its session
 * in staff_password_change_attempts before it is checked, so that answers sent at once still get
 * five guesses in all; the rows go with their session.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('staff_password_resets')
    // SHA-256 of the token (hex): the token is only in the link given to the administrator.
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('staff_users.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.references('staff_users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('staff_password_resets_user_idx').on('staff_password_resets').column('user_id').execute();

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

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('staff_password_change_attempts').execute();
  await db.schema.dropTable('staff_password_resets').execute();
}
