/**
 * Content written as numbered release N, in one transaction: the live tables changed, the content
 * version with them (so every instance's cache and every visitor's sync follow), each session's
 * version for the calendars' SEQUENCE, the sessions' published changes and their Web Push
 * notifications, the changelog, and a snapshot to roll back to. The seed import and the back
 * office (server/gestao/editing/staff-releases.ts: who may, what is refused) both publish here.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import {
  lockContent,
  readSnapshot,
  SNAPSHOT_TABLES,
  writeContentTables,
  type ContentRows,
  type ContentSnapshot,
  type ContentTable,
} from '../db/repositories/content/content-repository';
import { applyDraftToSnapshot, type DraftRow } from '../db/repositories/publishing/drafts-repository';
import {
  insertRelease,
  latestRelease,
  nextReleaseNumber,
  releaseSnapshot,
  setContentVersion,
  type ReleaseKind,
  type ReleaseSummary,
} from '../db/repositories/publishing/releases-repository';
import { recordProgrammeChanges } from '../db/repositories/programme/programme-changes-repository';
import { recordSessionVersions, sequenceTotal } from '../db/repositories/programme/session-sequences-repository';
import { enqueueChangeNotifications } from './change-notifications';
import { describeChanges } from './changelog';
import { sessionChanges } from './session-changes';

export type { ReleaseSummary };

/** Who publishes (their e-mail, or the command) and when. */
export interface ReleaseAuthor {
  by: string;
  at: string;
}

/** A record as a release wrote it into the live tables: its whole row, or null when it was removed. */
export type WrittenRecord = Pick<DraftRow, 'record_type' | 'record_id' | 'row'>;

/** What a release's write leaves: the content as it now stands, and the changelog's first lines. */
interface Written {
  after: ContentSnapshot;
  headline?: string[];
}

const newVersion = (number: number) => `r${number}-${randomBytes(4).toString('hex')}`;

/** The content with its new version, as setContentVersion wrote it: the row goes last. */
function withContentVersion(content: ContentSnapshot, version: string): ContentSnapshot {
  const others = content.site_settings.filter((row) => row.key !== 'content_version');
  return { ...content, site_settings: [...others, { key: 'content_version', value: version }] };
}

/**
 * Release N around `write`, which changes the live tables in the release's transaction, after the
 * content lock, and says what the content now is (it knows what it wrote: the content is read once,
 * before). Those who starred a changed session are told by Web Push, queued in this transaction.
 */
async function publishRelease(
  db: Db,
  author: ReleaseAuthor,
  kind: ReleaseKind,
  write: (trx: Db, releaseNumber: number, before: ContentSnapshot) => Promise<Written>,
): Promise<ReleaseSummary> {
  return db.transaction().execute(async (trx) => {
    await lockContent(trx);
    const before = await readSnapshot(trx);
    const number = await nextReleaseNumber(trx);
    const written = await write(trx, number, before);
    const version = newVersion(number);
    await setContentVersion(trx, version);
    const after = withContentVersion(written.after, version);
    await recordSessionVersions(trx);
    await enqueueChangeNotifications(trx, await recordProgrammeChanges(trx, sessionChanges(before, after), number, author.at));
    const summary = {
      number,
      publishedAt: author.at,
      publishedBy: author.by,
      kind,
      changelog: [...(written.headline ?? []), ...describeChanges(before, after)],
    };
    await insertRelease(trx, { ...summary, snapshot: after });
    return summary;
  });
}

/** The content with these records written in, in memory, as the live tables now hold them. */
export function withRecords(content: ContentSnapshot, records: readonly WrittenRecord[]): ContentSnapshot {
  const changed = structuredClone(content);
  for (const record of records) applyDraftToSnapshot(changed, record);
  return changed;
}

/**
 * Records published as release N: drafts, or one change on its own (a last-minute change from
 * the phone). `write` writes them to the live tables and returns them as written.
 */
export async function publishRecords(
  db: Db,
  author: ReleaseAuthor,
  write: (trx: Db, releaseNumber: number) => Promise<readonly WrittenRecord[]>,
): Promise<ReleaseSummary> {
  return publishRelease(db, author, 'publicacao', async (trx, number, before) => ({
    after: withRecords(before, await write(trx, number)),
  }));
}

/** What a rollback does beside rewriting the content, in its transaction: `before` reads the live records before it, `after` follows it up. */
export interface RollbackSteps<Before> {
  before: (trx: Db) => Promise<Before>;
  after: (trx: Db, releaseNumber: number, before: Before) => Promise<void>;
}

/**
 * The content of release `target` written back as a new release, so that it can itself be undone
 * (`missing` is thrown when there is no such release). The content is read back after it: a
 * release older than a migration lacks the columns added since, which the database fills in.
 */
export async function republish<Before>(
  db: Db,
  author: ReleaseAuthor,
  target: number,
  missing: () => Error,
  steps: RollbackSteps<Before>,
): Promise<ReleaseSummary> {
  return publishRelease(db, author, 'reposicao', async (trx, number) => {
    const snapshot = await releaseSnapshot(trx, target);
    if (!snapshot) throw missing();
    const records = await steps.before(trx);
    await writeContentTables(trx, snapshot, SNAPSHOT_TABLES);
    await steps.after(trx, number, records);
    return { after: await readSnapshot(trx), headline: [`Reposição da publicação ${target}`] };
  });
}

/** The import (`npm run seed`, or an empty database at start-up) replaces the content as a release of its own. */
export async function importAsRelease(db: Db, rows: ContentRows, tables: readonly ContentTable[], at: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await writeContentTables(trx, rows, tables);
    await recordSessionVersions(trx);
    const version = rows.site_settings?.find((row) => row.key === 'content_version')?.value;
    const moves = await sequenceTotal(trx);
    if (version !== undefined && moves > 0) await setContentVersion(trx, `${version}-s${moves}`);
    const number = await nextReleaseNumber(trx);
    const changelog = ['Importação dos conteúdos de base'];
    await insertRelease(trx, {
      number,
      publishedAt: at,
      publishedBy: 'npm run seed',
      kind: 'importacao',
      changelog,
      snapshot: await readSnapshot(trx),
    });
  });
}

/**
 * The release that an import would replace, when it was published from /gestao (or a rollback):
 * `npm run seed` then refuses unless told to replace it.
 */
export async function releaseAnImportWouldReplace(db: Db): Promise<ReleaseSummary | undefined> {
  const latest = await latestRelease(db);
  return latest && latest.kind !== 'importacao' ? latest : undefined;
}
