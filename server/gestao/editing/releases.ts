/**
 * Publishing: the draft applied to the live tables as numbered release N in one transaction (the
 * content version changes once, so every instance's cache and every visitor's sync follow), with
 * its changelog and a snapshot to roll back to. A rollback and an import are releases too.
 */
import { randomBytes } from 'node:crypto';
import { mayPublish } from '../../../src/common/gestao/roles';
import type { Db } from '../../db/database';
import {
  lockContent,
  readSnapshot,
  SNAPSHOT_TABLES,
  writeContentTables,
  type ContentRows,
  type ContentSnapshot,
  type ContentTable,
} from '../../db/repositories/content/content-repository';
import { applyDrafts, applyDraftToSnapshot, draftKey, drafts, type DraftRow } from '../../db/repositories/publishing/drafts-repository';
import { pictureDetails } from '../../db/repositories/content/media-uploads-repository';
import { isUploadedPicture, PICTURE_FIELDS, PICTURE_RECORD_NOUNS } from '../../../src/common/gestao/media';
import { FIELD_LABELS } from '../../../src/common/gestao/record-schemas';
import type { DraftChoice, PendingDraft, RestorePreview, ScheduledDraft } from '../../../src/common/gestao/api/answers';
import {
  insertRelease,
  latestRelease,
  nextReleaseNumber,
  releaseSnapshot,
  setContentVersion,
  type ReleaseSummary,
} from '../../db/repositories/publishing/releases-repository';
import { recordSessionVersions, sequenceTotal } from '../../db/repositories/programme/session-sequences-repository';
import { recordProgrammeChanges } from '../../db/repositories/programme/programme-changes-repository';
import { enqueueChangeNotifications } from '../../push/change-notifications';
import { describeChanges } from './changelog';
import { GestaoError } from './gestao-error';
import { requireNoBlockClash } from './draft-clashes';
import { liveRecords, versionRolledBackRecords, type Actor } from './records';

const newVersion = (number: number) => `r${number}-${randomBytes(4).toString('hex')}`;

/** Stores release N with the content as it now stands (read once by the caller, who compared it). */
async function release(trx: Db, summary: ReleaseSummary, snapshot: ContentSnapshot): Promise<ReleaseSummary> {
  await insertRelease(trx, { ...summary, snapshot });
  return summary;
}

/** What the draft would change, in the changelog's words (shown before publishing). */
export async function draftChangelog(db: Db): Promise<string[]> {
  const pending = await drafts(db);
  if (pending.length === 0) return [];
  const before = await readSnapshot(db);
  const after = structuredClone(before);
  for (const d of pending) applyDraftToSnapshot(after, d);
  return describeChanges(before, after);
}

/**
 * Each record's draft on its own, with who saved it last and what publishing it alone would
 * change: the publish screen's list, where the drafts to publish (or schedule) are chosen.
 */
export async function pendingDrafts(db: Db): Promise<PendingDraft[]> {
  const pending = await drafts(db);
  if (pending.length === 0) return [];
  const live = await readSnapshot(db);
  const drafted = structuredClone(live);
  for (const d of pending) applyDraftToSnapshot(drafted, d);
  return pending.map((d) => {
    const after = structuredClone(live);
    applyDraftToSnapshot(after, d);
    return {
      type: d.record_type,
      id: d.record_id,
      by: d.updatedBy,
      at: d.updatedAt,
      changelog: describeChanges(live, after, drafted),
    };
  });
}

/** The drafts chosen, each with whose it is (who saved it last); refused when one is no longer pending. */
export async function withAuthors(db: Db, chosen: readonly DraftChoice[]): Promise<ScheduledDraft[]> {
  const pending = new Map((await drafts(db)).map((d) => [draftKey(d.record_type, d.record_id), d]));
  return chosen.map(({ type, id }) => {
    const found = pending.get(draftKey(type, id));
    if (!found) throw new GestaoError(409, { message: 'Uma das alterações escolhidas já não está por publicar: veja a lista de novo.' });
    return { type, id, by: found.updatedBy };
  });
}

/** The drafts chosen among those pending (all of them when `chosen` is not given). */
function chosenDrafts(pending: DraftRow[], chosen: readonly DraftChoice[] | undefined): DraftRow[] {
  if (!chosen) return pending;
  const keys = new Set(chosen.map((c) => draftKey(c.type, c.id)));
  return pending.filter((d) => keys.has(draftKey(d.record_type, d.record_id)));
}

/**
 * Refuses a draft that would show visitors an uploaded picture without its alt text, naming each
 * record and field ("a notícia «Abertura» (imagem)"), so the editor knows where to write it.
 */
async function requireAltTexts(db: Db, pending: DraftRow[]): Promise<void> {
  const uses = pending.flatMap((d) => {
    const row = d.row;
    if (!row) return [];
    return (PICTURE_FIELDS[d.record_type] ?? [])
      .filter((field) => isUploadedPicture(row[field]))
      .map((field) => ({ type: d.record_type, id: d.record_id, row, field, path: String(row[field]) }));
  });
  const details = await pictureDetails(
    db,
    uses.map((u) => u.path),
  );
  const missing = uses.filter((u) => !details.get(u.path)?.alt.trim());
  if (missing.length === 0) return;
  const named = missing.map((u) => {
    const title = u.row.title ?? u.row.name;
    const name = typeof title === 'string' ? title : u.id;
    return `${PICTURE_RECORD_NOUNS[u.type] ?? u.type} «${name}» (${FIELD_LABELS[u.type][u.field] ?? u.field})`;
  });
  throw new GestaoError(400, {
    message: `Falta o texto alternativo de ${missing.length === 1 ? 'uma imagem' : `${missing.length} imagens`}: ${named.join('; ')}. Escreva-o no formulário antes de publicar.`,
    records: missing.map((u) => ({ type: u.type, id: u.id, field: u.field })),
  });
}

/**
 * The draft published as release N: the whole of it, or only the records `chosen` (the others stay
 * drafts). Refused while there is nothing to publish, a picture without alt text or a block clash
 * nobody accepted in the programme as it would then be.
 */
export async function publishDraft(db: Db, actor: Actor, at: string, chosen?: readonly DraftChoice[]): Promise<ReleaseSummary> {
  return publishChange(db, actor, at, async (trx, number) => {
    const pending = chosenDrafts(await drafts(trx), chosen);
    if (pending.length === 0)
      throw new GestaoError(400, {
        message: chosen ? 'As alterações escolhidas já não estão por publicar.' : 'Não há alterações por publicar.',
      });
    await requireAltTexts(trx, pending);
    await requireNoBlockClash(trx, chosen && new Set(pending.map((d) => draftKey(d.record_type, d.record_id))));
    await applyDrafts(trx, pending, number, chosen === undefined);
  });
}

/**
 * A change published as release N: the whole draft, or one change on its own leaving the draft as
 * it is (a last-minute change from the phone). `write` reads and changes the live tables inside
 * the release's transaction, after the content lock, so the change, its changelog and the content
 * version move together.
 */
export async function publishChange(
  db: Db,
  actor: Actor,
  at: string,
  write: (trx: Db, releaseNumber: number) => Promise<void>,
): Promise<ReleaseSummary> {
  if (!mayPublish(actor.role)) throw new GestaoError(403, { message: 'O seu perfil não pode publicar.' });
  return db.transaction().execute(async (trx) => {
    await lockContent(trx);
    const before = await readSnapshot(trx);
    const number = await nextReleaseNumber(trx);
    await write(trx, number);
    await setContentVersion(trx, newVersion(number));
    await recordSessionVersions(trx);
    const after = await readSnapshot(trx);
    // Those who starred a changed session are told by Web Push, queued in this transaction.
    await enqueueChangeNotifications(trx, await recordProgrammeChanges(trx, before, after, number, at));
    return release(
      trx,
      { number, publishedAt: at, publishedBy: actor.email, kind: 'publicacao', changelog: describeChanges(before, after) },
      after,
    );
  });
}

/**
 * Rolls the whole site back to release `target`: written as a new release, so it can itself be
 * undone. Every record it changes gets a new version (records.ts versionRolledBackRecords): a form
 * opened before it answers 409, and the drafts pending keep only their own changes.
 */
export async function restoreRelease(db: Db, actor: Actor, at: string, target: number): Promise<ReleaseSummary> {
  if (actor.role !== 'administracao') throw new GestaoError(403, { message: 'Só a Administração pode repor uma publicação anterior.' });
  return db.transaction().execute(async (trx) => {
    await lockContent(trx);
    const snapshot = await releaseSnapshot(trx, target);
    if (!snapshot) throw new GestaoError(404, { message: `A publicação ${target} não existe.` });
    const before = await readSnapshot(trx);
    const records = await liveRecords(trx);
    await writeContentTables(trx, snapshot, SNAPSHOT_TABLES);
    const number = await nextReleaseNumber(trx);
    await versionRolledBackRecords(trx, actor, at, number, records);
    await setContentVersion(trx, newVersion(number));
    const changelog = [`Reposição da publicação ${target}`, ...describeChanges(before, snapshot)];
    const after = await readSnapshot(trx);
    // A rollback that moves a session back is news to those holding the newer time.
    // Those who starred a changed session are told by Web Push, queued in this transaction.
    await enqueueChangeNotifications(trx, await recordProgrammeChanges(trx, before, after, number, at));
    return release(trx, { number, publishedAt: at, publishedBy: actor.email, kind: 'reposicao', changelog }, after);
  });
}

export async function restorePreview(db: Db, target: number): Promise<RestorePreview> {
  const snapshot = await releaseSnapshot(db, target);
  if (!snapshot) throw new GestaoError(404, { message: `A publicação ${target} não existe.` });
  return { undoes: describeChanges(await readSnapshot(db), snapshot), draftStays: await draftChangelog(db) };
}

/** The import (`npm run seed`, or an empty database at start-up) replaces the content as a release of its own. */
export async function importAsRelease(db: Db, rows: ContentRows, tables: readonly ContentTable[], at: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await writeContentTables(trx, rows, tables);
    const version = rows.site_settings?.find((row) => row.key === 'content_version')?.value;
    const moves = await sequenceTotal(trx);
    if (version !== undefined && moves > 0) await setContentVersion(trx, `${version}-s${moves}`);
    const number = await nextReleaseNumber(trx);
    const changelog = ['Importação dos conteúdos de base'];
    await release(trx, { number, publishedAt: at, publishedBy: 'npm run seed', kind: 'importacao', changelog }, await readSnapshot(trx));
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
