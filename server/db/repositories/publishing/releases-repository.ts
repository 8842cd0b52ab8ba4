/** Numbered releases: each publication, rollback or import, with its changelog and a snapshot of the content rows. */
import type { Db } from '../../database';
import type { ContentSnapshot } from '../content/content-repository';

import type { ReleaseKind, ReleaseSummary } from '../../../../src/common/gestao/api/answers';

export type { ReleaseKind, ReleaseSummary };

export async function nextReleaseNumber(db: Db): Promise<number> {
  const row = await db
    .selectFrom('content_releases')
    .select((eb) => eb.fn.max('number').as('number'))
    .executeTakeFirst();
  return Number(row?.number ?? 0) + 1;
}

export async function insertRelease(trx: Db, release: ReleaseSummary & { snapshot: ContentSnapshot }): Promise<void> {
  await trx
    .insertInto('content_releases')
    .values({
      number: release.number,
      published_at: release.publishedAt,
      published_by: release.publishedBy,
      kind: release.kind,
      changelog_json: JSON.stringify(release.changelog),
      snapshot_json: JSON.stringify(release.snapshot),
    })
    .execute();
}

export async function listReleases(db: Db, limit = 50): Promise<ReleaseSummary[]> {
  const rows = await db
    .selectFrom('content_releases')
    .select(['number', 'published_at', 'published_by', 'kind', 'changelog_json'])
    .orderBy('number', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    number: r.number,
    publishedAt: r.published_at,
    publishedBy: r.published_by,
    kind: r.kind as ReleaseKind,
    changelog: JSON.parse(r.changelog_json) as string[],
  }));
}

export async function releaseSnapshot(db: Db, number: number): Promise<ContentSnapshot | undefined> {
  const row = await db.selectFrom('content_releases').select('snapshot_json').where('number', '=', number).executeTakeFirst();
  return row && (JSON.parse(row.snapshot_json) as ContentSnapshot);
}

/** One release, without its snapshot. */
export async function releaseOf(db: Db, number: number): Promise<ReleaseSummary | undefined> {
  const r = await db
    .selectFrom('content_releases')
    .select(['number', 'published_at', 'published_by', 'kind', 'changelog_json'])
    .where('number', '=', number)
    .executeTakeFirst();
  return (
    r && {
      number: r.number,
      publishedAt: r.published_at,
      publishedBy: r.published_by,
      kind: r.kind as ReleaseKind,
      changelog: JSON.parse(r.changelog_json) as string[],
    }
  );
}

/** The newest release, whatever made it. */
export async function latestRelease(db: Db): Promise<ReleaseSummary | undefined> {
  return (await listReleases(db, 1))[0];
}

/** Sets the content version every cache and every visitor's sync follows, in the caller's transaction. */
export async function setContentVersion(trx: Db, version: string): Promise<void> {
  await trx.deleteFrom('site_settings').where('key', '=', 'content_version').execute();
  await trx.insertInto('site_settings').values({ key: 'content_version', value: version }).execute();
}
