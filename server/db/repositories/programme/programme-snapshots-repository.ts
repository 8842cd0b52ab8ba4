/**
 * The offline programme as each content version answered it, kept so that a visitor's sync can
 * ask for the changes since the version it holds. The answers are stored gzipped (a programme is
 * about 0.5 MB of JSON, 80 KB gzipped); only the latest SNAPSHOTS_KEPT versions stay.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Db } from '../../database';

/** Versions kept: a visitor away for longer gets the whole programme again, as on a first visit. */
export const SNAPSHOTS_KEPT = 30;

export async function hasProgrammeSnapshot(db: Db, version: string): Promise<boolean> {
  const row = await db.selectFrom('programme_snapshots').select('version').where('version', '=', version).executeTakeFirst();
  return row !== undefined;
}

/** Keeps a version's answers (the first writer wins: a version's answers never change) and prunes the oldest. */
export async function keepProgrammeSnapshot(db: Db, version: string, answers: Record<string, unknown>, at: Date): Promise<void> {
  await db
    .insertInto('programme_snapshots')
    .values({ version, made_at: at.toISOString(), answers_gz: gzipSync(JSON.stringify(answers)) })
    .onConflict((c) => c.column('version').doNothing())
    .execute();
  const kept = await db.selectFrom('programme_snapshots').select('version').orderBy('made_at', 'desc').limit(SNAPSHOTS_KEPT).execute();
  if (kept.length === SNAPSHOTS_KEPT)
    await db
      .deleteFrom('programme_snapshots')
      .where(
        'version',
        'not in',
        kept.map((row) => row.version),
      )
      .execute();
}

export async function readProgrammeSnapshot(db: Db, version: string): Promise<Record<string, unknown> | undefined> {
  const row = await db.selectFrom('programme_snapshots').select('answers_gz').where('version', '=', version).executeTakeFirst();
  return row && (JSON.parse(gunzipSync(Buffer.from(row.answers_gz)).toString('utf8')) as Record<string, unknown>);
}
