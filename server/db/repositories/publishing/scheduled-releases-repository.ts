/** Publications set for a time: added, listed, cancelled, and claimed by one instance when due. */
import type { Db } from '../../database';

import type { ScheduledDraft, ScheduledRelease, ScheduledState } from '../../../../src/common/gestao/api/answers';

export type { ScheduledRelease, ScheduledState };

const draftsOf = (json: string | null): ScheduledDraft[] | null => (json === null ? null : (JSON.parse(json) as ScheduledDraft[]));

/** A publication set for `runAt`: of the drafts chosen, or of the whole draft when `drafts` is not given. */
export async function addScheduledRelease(
  db: Db,
  row: { id: string; runAt: string; createdBy: string; createdAt: string; drafts?: ScheduledDraft[] },
): Promise<void> {
  await db
    .insertInto('scheduled_releases')
    .values({
      id: row.id,
      run_at: row.runAt,
      created_by: row.createdBy,
      created_at: row.createdAt,
      state: 'agendada',
      drafts_json: row.drafts ? JSON.stringify(row.drafts) : null,
    })
    .execute();
}

/**
 * Every publication still waiting, and the latest `limit` of the others (done, cancelled, failed):
 * a waiting one is never crowded out of the list by ones cancelled for later dates.
 */
export async function listScheduledReleases(db: Db, limit = 20): Promise<ScheduledRelease[]> {
  const [waiting, others] = await Promise.all([
    db.selectFrom('scheduled_releases').selectAll().where('state', '=', 'agendada').execute(),
    db.selectFrom('scheduled_releases').selectAll().where('state', '!=', 'agendada').orderBy('run_at', 'desc').limit(limit).execute(),
  ]);
  const rows = [...waiting, ...others].sort((a, b) => b.run_at.localeCompare(a.run_at));
  return rows.map((r) => ({
    id: r.id,
    runAt: r.run_at,
    createdBy: r.created_by,
    state: r.state as ScheduledState,
    releaseNumber: r.release_number,
    message: r.message,
    drafts: draftsOf(r.drafts_json),
  }));
}

/** Cancels a publication still waiting; false when it already ran or does not exist. */
export async function cancelScheduledRelease(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('scheduled_releases')
    .set({ state: 'cancelada' })
    .where('id', '=', id)
    .where('state', '=', 'agendada')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The publications due at `now` that this caller won: each claimed by one conditional UPDATE, so one instance only. */
export async function claimDueReleases(db: Db, now: string): Promise<{ id: string; createdBy: string; drafts: ScheduledDraft[] | null }[]> {
  const due = await db
    .selectFrom('scheduled_releases')
    .select(['id', 'created_by', 'drafts_json'])
    .where('state', '=', 'agendada')
    .where('run_at', '<=', now)
    .orderBy('run_at')
    .execute();
  const won: { id: string; createdBy: string; drafts: ScheduledDraft[] | null }[] = [];
  for (const row of due) {
    const claim = await db
      .updateTable('scheduled_releases')
      .set({ state: 'a publicar', claimed_at: now })
      .where('id', '=', row.id)
      .where('state', '=', 'agendada')
      .executeTakeFirst();
    if (Number(claim.numUpdatedRows) === 1) won.push({ id: row.id, createdBy: row.created_by, drafts: draftsOf(row.drafts_json) });
  }
  return won;
}

export async function finishScheduledRelease(
  db: Db,
  id: string,
  outcome: { state: 'publicada'; releaseNumber: number } | { state: 'falhou'; message: string },
): Promise<void> {
  await db
    .updateTable('scheduled_releases')
    .set(
      outcome.state === 'publicada'
        ? { state: 'publicada', release_number: outcome.releaseNumber }
        : { state: 'falhou', message: outcome.message },
    )
    .where('id', '=', id)
    .execute();
}
