/** Clashes of the schedule accepted with a reason, by their key (src/common/programme/programme-clash-rules.ts). */
import type { ClashAcceptance } from '../../../../src/common/programme/grid';
import type { Db } from '../../database';

export async function listClashAcceptances(db: Db): Promise<ClashAcceptance[]> {
  const rows = await db.selectFrom('clash_acceptances').selectAll().orderBy('accepted_at').execute();
  return rows.map((r) => ({ key: r.key, reason: r.reason, acceptedBy: r.accepted_by, acceptedAt: r.accepted_at }));
}

/** Accepts a clash (again: the latest reason and person replace the earlier ones). */
export async function acceptClash(db: Db, acceptance: ClashAcceptance): Promise<void> {
  await db
    .insertInto('clash_acceptances')
    .values({ key: acceptance.key, reason: acceptance.reason, accepted_by: acceptance.acceptedBy, accepted_at: acceptance.acceptedAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ reason: acceptance.reason, accepted_by: acceptance.acceptedBy, accepted_at: acceptance.acceptedAt }),
    )
    .execute();
}
