/**
 * The releases staff make (the publishing itself is server/publishing/releases.ts): the draft
 * published whole or in part, one change published at once, a rollback, with who may and what is
 * refused; and what each would change, shown before it is done.
 */
import { mayPublish } from '../../../src/common/gestao/roles';
import type { Db } from '../../db/database';
import { readSnapshot } from '../../db/repositories/content/content-repository';
import { applyDrafts, draftKey, drafts, type DraftRow } from '../../db/repositories/publishing/drafts-repository';
import { pictureDetails } from '../../db/repositories/content/media-uploads-repository';
import { isUploadedPicture, PICTURE_FIELDS, PICTURE_RECORD_NOUNS } from '../../../src/common/gestao/media';
import { FIELD_LABELS } from '../../../src/common/gestao/record-schemas';
import type { DraftChoice, PendingDraft, RestorePreview, ScheduledDraft } from '../../../src/common/gestao/api/answers';
import { releaseSnapshot } from '../../db/repositories/publishing/releases-repository';
import { describeChanges } from '../../publishing/changelog';
import { publishRecords, republish, withRecords, type ReleaseSummary, type WrittenRecord } from '../../publishing/releases';
import { GestaoError } from './gestao-error';
import { requireNoBlockClash } from './draft-clashes';
import { liveRecords, versionRolledBackRecords, type Actor } from './records';

/** What the draft would change, in the changelog's words (shown before publishing). */
export async function draftChangelog(db: Db): Promise<string[]> {
  const pending = await drafts(db);
  if (pending.length === 0) return [];
  const before = await readSnapshot(db);
  return describeChanges(before, withRecords(before, pending));
}

/**
 * Each record's draft on its own, with who saved it last and what publishing it alone would
 * change: the publish screen's list, where the drafts to publish (or schedule) are chosen.
 */
export async function pendingDrafts(db: Db): Promise<PendingDraft[]> {
  const pending = await drafts(db);
  if (pending.length === 0) return [];
  const live = await readSnapshot(db);
  const drafted = withRecords(live, pending);
  return pending.map((d) => ({
    type: d.record_type,
    id: d.record_id,
    by: d.updatedBy,
    at: d.updatedAt,
    changelog: describeChanges(live, withRecords(live, [d]), drafted),
  }));
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
    return pending;
  });
}

/**
 * A change published as release N: the whole draft, or one change on its own leaving the draft as
 * it is (a last-minute change from the phone). `write` reads and changes the live tables inside
 * the release's transaction, after the content lock, and returns the records it wrote, so the
 * change, its changelog and the content version move together.
 */
export async function publishChange(
  db: Db,
  actor: Actor,
  at: string,
  write: (trx: Db, releaseNumber: number) => Promise<readonly WrittenRecord[]>,
): Promise<ReleaseSummary> {
  if (!mayPublish(actor.role)) throw new GestaoError(403, { message: 'O seu perfil não pode publicar.' });
  return publishRecords(db, { by: actor.email, at }, write);
}

/**
 * Rolls the whole site back to release `target`: written as a new release, so it can itself be
 * undone. Every record it changes gets a new version (records.ts versionRolledBackRecords): a form
 * opened before it gets 409, and the drafts pending keep only their own changes.
 */
export async function restoreRelease(db: Db, actor: Actor, at: string, target: number): Promise<ReleaseSummary> {
  if (actor.role !== 'administracao') throw new GestaoError(403, { message: 'Só a Administração pode repor uma publicação anterior.' });
  return republish(db, { by: actor.email, at }, target, () => new GestaoError(404, { message: `A publicação ${target} não existe.` }), {
    before: liveRecords,
    after: (trx, number, records) => versionRolledBackRecords(trx, actor, at, number, records),
  });
}

export async function restorePreview(db: Db, target: number): Promise<RestorePreview> {
  const snapshot = await releaseSnapshot(db, target);
  if (!snapshot) throw new GestaoError(404, { message: `A publicação ${target} não existe.` });
  return { undoes: describeChanges(await readSnapshot(db), snapshot), draftStays: await draftChangelog(db) };
}
