/**
 * The rules of a record write: the shared Yup schema, the roles' field table, the version the
 * write was based on (a stale one is merged field by field with what others saved since,
 * record-merge.ts; a field both changed is a 409 naming it, never a silent overwrite), the
 * references, the sanitized HTML and the derived columns. The SQL is in drafts-repository.ts.
 */
import { ValidationError, type AnyObjectSchema } from 'yup';
import { COLLECTIONS, dependantsIn, fieldIn, fieldsIn, type Collections } from '../../../src/common/gestao/collections';
import {
  KEY_CHANGE_MESSAGE,
  type CardFields,
  type FieldValue,
  type ListItem,
  type RecordFields,
  type RecordVersion,
  type RecordView,
} from '../../../src/common/gestao/record-schemas';
import { mayChangeFieldOf, mayCreate, type RecordType, type Role } from '../../../src/common/gestao/roles';
import { isCancelled } from '../../../src/common/programme/session-status';
import type { Db } from '../../db/database';
import {
  currentVersion,
  currentVersions,
  discardDraft,
  draft,
  draftedRow,
  draftedRows,
  drafts,
  highestAttachmentId,
  insertReleasedVersion,
  highestId,
  liveRow,
  liveRows,
  RECORD_STORAGE,
  recordHistory,
  recordId,
  saveDraft,
  type Row,
} from '../../db/repositories/publishing/drafts-repository';
import { contentFileSize } from '../../db/repositories/content/content-files-repository';
import { releaseOf } from '../../db/repositories/publishing/releases-repository';
import { sessionsHoldingCode } from '../../db/repositories/programme/session-codes-repository';
import { sessionCode } from '../../../src/common/programme/session-status';
import { uploadedPicture } from '../../db/repositories/content/media-uploads-repository';
import { isUploadedPicture, PICTURE_FIELDS } from '../../../src/common/gestao/media';
import { newsSearchColumns, workSearchColumns } from '../../content/derived-columns';
import { sanitizeEditorHtml } from '../../content/sanitize';
import type { ConflictAnswer, SavedRecord } from '../../../src/common/gestao/api/answers';
import { changedFields } from '../../publishing/changelog';
import { GestaoError } from './gestao-error';
import { mergeFields } from './record-merge';

export interface Actor {
  id: number;
  email: string;
  role: Role;
}

export interface RecordWrite {
  /** The version the editor read; 0 for a record never saved in the back office. */
  baseVersion: number;
  fields: RecordFields;
  /**
   * The values the editor read: only trusted where the history cannot say (version 0, the row
   * before the record's first save in the back office).
   */
  baseFields?: unknown;
}

/**
 * A programme entry's attachments: each PDF stored (uploaded, or the import's), its type and size
 * the stored file's, its text cleaned; an attachment keeps its id only while it stays in this
 * entry (its public link), a new one takes the next free id.
 */
async function attachmentProblems(db: Db, base: Row, row: Row): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  const own = new Set(((base.attachments ?? []) as ListItem[]).map((a) => Number(a.id)));
  let next = (await highestAttachmentId(db)) + 1;
  const attachments: ListItem[] = [];
  for (const [i, a] of ((row.attachments ?? []) as ListItem[]).entries()) {
    const size = await contentFileSize(db, String(a.file_name));
    if (size === undefined) problems[`attachments[${i}].file_name`] = 'Este ficheiro não foi carregado: carregue o PDF de novo.';
    const kept = Number(a.id) > 0 && own.has(Number(a.id)) && !attachments.some((b) => b.id === Number(a.id));
    attachments.push({
      id: kept ? Number(a.id) : next++,
      title: a.title!,
      description_html: sanitizeEditorHtml(String(a.description_html ?? '')),
      file_name: a.file_name!,
      mime: 'application/pdf',
      size: size ?? 0,
    });
  }
  row.attachments = attachments;
  return problems;
}

/** A menu entry's place: its parent a top entry of the same menu, its page one that exists (and the link the page's address). */
async function menuProblems(db: Db, id: string, row: Row): Promise<Record<string, string>> {
  const problems: Record<string, string> = {};
  const menus = await draftedRows(db, 'menu_items');
  if (row.parent_id !== null && row.parent_id !== undefined) {
    const parent = menus.find((m) => Number(m.id) === Number(row.parent_id));
    if (!parent) problems.parent_id = 'Esta entrada não existe.';
    else if (String(parent.id) === id) problems.parent_id = 'Uma entrada não pode ficar dentro de si mesma.';
    else if (parent.parent_id !== null && parent.parent_id !== undefined)
      problems.parent_id = 'O menu tem dois níveis: escolha uma entrada de topo.';
    else if (parent.scope !== row.scope || parent.location !== row.location) problems.parent_id = 'Esta entrada é de outro menu.';
    else if (menus.some((m) => m.parent_id !== null && Number(m.parent_id) === Number(id)))
      problems.parent_id = 'Esta entrada tem outras dentro de si: não pode ficar dentro de outra.';
  }
  // The entries inside this one are in its menu: moved to another, they would be lost.
  const held = menus.filter((m) => m.parent_id !== null && m.parent_id !== undefined && Number(m.parent_id) === Number(id));
  if (held.some((m) => m.scope !== row.scope || m.location !== row.location))
    problems.location = 'Esta entrada tem outras dentro de si: mude-as primeiro para o mesmo menu.';
  const pageId = Number(row.internal_page_id ?? 0);
  if (pageId > 0) {
    const page = (await draftedRows(db, 'custom_pages')).find((p) => Number(p.id) === pageId);
    if (!page) problems.internal_page_id = 'Esta página não existe.';
    else Object.assign(row, { menu_url: `t${String(page.template_id)}/${String(page.slug)}`, template_id: Number(page.template_id) });
  } else row.template_id = row.template_id ?? 0;
  return problems;
}

/** The rollback that moved a record on since the version a form read, if one did: the conflict view says so. */
async function rollbackSince(db: Db, type: RecordType, id: string, baseVersion: number) {
  const later = (await recordHistory(db, type, id)).filter((entry) => entry.version > baseVersion && entry.releaseNumber !== null);
  for (const entry of later) {
    const release = await releaseOf(db, entry.releaseNumber!);
    if (release?.kind === 'reposicao') return release;
  }
  return undefined;
}

/** Every record as visitors see it, by type and id: what a rollback compares before and after. */
export async function liveRecords(db: Db): Promise<Map<RecordType, Map<string, Row>>> {
  const types = Object.keys(RECORD_STORAGE) as RecordType[];
  const rows = await Promise.all(types.map(async (type) => [type, await liveRows(db, type)] as const));
  return new Map(rows.map(([type, list]) => [type, new Map(list.map((row) => [recordId(type, row), row]))]));
}

/** A new record keyed by its fields takes a key no other has: one edition per year, one travel time per pair of cities. */
async function checkNewKey(db: Db, type: RecordType, id: string, fields: RecordFields): Promise<void> {
  if (type === 'history_editions' && (await draftedRows(db, type)).some((e) => recordId(type, e) === id)) {
    throw new GestaoError(400, { message: 'Há campos por corrigir.', errors: { edition: 'Esta edição já está no histórico.' } });
  }
  if (type !== 'travel_times') return;
  // In either order (the import's rule, travel-times.ts).
  const pair = [Number(fields.from_city_id), Number(fields.to_city_id)].sort((a, b) => a - b).join('-');
  const taken = (await draftedRows(db, 'travel_times')).some(
    (t) => [Number(t.from_city_id), Number(t.to_city_id)].sort((a, b) => a - b).join('-') === pair,
  );
  if (taken) {
    throw new GestaoError(400, {
      message: 'Há campos por corrigir.',
      errors: { to_city_id: 'Estas duas cidades já têm um tempo de viagem: altere esse.' },
    });
  }
}

/**
 * The record rules of a set of collections: the app's own (AppDeps.collections) for its routes;
 * the site's, below, for the work that is never given others (releases, the programme import).
 * Each type's fields, schema and roles are read from these collections, so a field added to one
 * (with its migration) is read, validated, checked and saved with no other line.
 */
export function recordRules(collections: Collections) {
  const editable = (type: RecordType, row: Row): RecordFields =>
    Object.fromEntries(fieldsIn(collections, type).map((f) => [f, (row[f] ?? null) as FieldValue]));

  function view(type: RecordType, id: string, live: Row | undefined, pending: Row | null | undefined, version: number): RecordView {
    const state = pending === undefined ? 'publicado' : pending === null ? 'apagado' : live ? 'alterado' : 'novo';
    return { type, id, fields: editable(type, pending ?? live ?? {}), version, state };
  }

  async function listRecords(db: Db, type: RecordType): Promise<RecordView[]> {
    const [live, pending, versions] = await Promise.all([liveRows(db, type), drafts(db, type), currentVersions(db, type)]);
    const pendingById = new Map(pending.map((d) => [d.record_id, d]));
    const views = live.map((row) => {
      const id = recordId(type, row);
      const d = pendingById.get(id);
      pendingById.delete(id);
      return view(type, id, row, d?.row, versions.get(id) ?? 0);
    });
    for (const d of pendingById.values()) if (d.row) views.push(view(type, d.record_id, undefined, d.row, d.version));
    return views;
  }

  async function readRecord(db: Db, type: RecordType, id: string): Promise<RecordView> {
    const [live, pending, version] = await Promise.all([liveRow(db, type, id), draft(db, type, id), currentVersion(db, type, id)]);
    if (!live && !pending?.row) throw new GestaoError(404, { message: 'Este registo não existe.' });
    return view(type, id, live, pending?.row, version);
  }

  /**
   * A record's lists reduced to what their items' form edits, in one key order: the columns the
   * server works out (an attachment's type and size) are no change of the editor's.
   */
  function asEdited(type: RecordType, row: Row): Row {
    const out = { ...row };
    for (const [field, schema] of Object.entries(collections[type].schema.fields)) {
      const inner = (schema as { innerType?: AnyObjectSchema }).innerType;
      const list = row[field];
      if (!inner || !Array.isArray(list)) continue;
      const keys = Object.keys(inner.fields).sort();
      out[field] = (list as Row[]).map((item) => Object.fromEntries(keys.map((k) => [k, item[k]])));
    }
    return out;
  }

  /** Validates with the form's own schema: every message beside its field. */
  function validated(type: RecordType, fields: unknown): RecordFields {
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
      throw new GestaoError(400, { message: 'Envie os campos do registo (fields) como um objeto.' });
    }
    try {
      return collections[type].schema.validateSync(fields, { abortEarly: false, stripUnknown: true }) as RecordFields;
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      const errors = Object.fromEntries(error.inner.map((e) => [e.path ?? '', e.message]));
      throw new GestaoError(400, { message: 'Há campos por corrigir.', errors });
    }
  }

  /** The whole row to publish: the fields typed, their HTML sanitized, the derived columns worked out. */
  async function completeRow(db: Db, type: RecordType, id: string, base: Row, fields: RecordFields): Promise<Row> {
    const clean = Object.fromEntries(
      Object.entries(fields).map(([f, v]) => [
        f,
        fieldIn(collections, type, f)?.input === 'html' && typeof v === 'string' ? sanitizeEditorHtml(v) : v,
      ]),
    );
    const row: Row = { ...base, ...clean };
    if (RECORD_STORAGE[type].serial) row.id = Number(id);
    else if (recordId(type, row) !== id) {
      // The key is the record: another pair of cities is another travel time.
      const errors = Object.fromEntries(RECORD_STORAGE[type].key.map((k) => [k.column, KEY_CHANGE_MESSAGE]));
      throw new GestaoError(400, { message: 'Há campos por corrigir.', errors });
    }
    const problems: Record<string, string> = {};
    /** Whether a record of `parent` with this id exists in the draft (published, or new and not removed). */
    // One record read, not the parent's whole table: a programme import checks a thousand sessions' films and venues.
    const exists = async (parent: RecordType, value: unknown) => await draftedRow(db, parent, String(Number(value)));
    if (type === 'movies') {
      const section = await exists('sections', row.section_id);
      if (!section) problems.section_id = 'Esta secção não existe.';
      Object.assign(
        row,
        workSearchColumns(row as unknown as Parameters<typeof workSearchColumns>[0], typeof section?.name === 'string' ? section.name : ''),
      );
    } else if (type === 'sessions') {
      if (!(await exists('movies', row.movie_id))) problems.movie_id = 'Este filme não existe (ou vai ser apagado).';
      if (!(await exists('venues', row.venue_id))) problems.venue_id = 'Esta sala não existe.';
      // Every session has a code, its spreadsheet key: the form leaves it empty, the session gets S-{id}.
      if (!row.code) row.code = sessionCode(Number(id));
      if ((await sessionsHoldingCode(db, String(row.code))).some((holder) => holder !== id))
        problems.code = 'Este código já é de outra sessão.';
    } else if (type === 'venues') {
      if (!(await exists('cities', row.city_id))) problems.city_id = 'Esta cidade não existe.';
    } else if (type === 'sponsors') {
      if (!(await exists('sponsor_groups', row.group_id))) problems.group_id = 'Este grupo não existe.';
    } else if (type === 'news') {
      Object.assign(row, newsSearchColumns(row as unknown as Parameters<typeof newsSearchColumns>[0]));
    } else if (type === 'custom_pages') {
      const pages = await draftedRows(db, 'custom_pages');
      if (pages.some((p) => p.slug === row.slug && String(p.id) !== id)) problems.slug = 'Já há uma página com este endereço.';
      const cards = (row.cards ?? []) as CardFields[];
      for (const [i, card] of cards.entries()) {
        if (card.movie_id && !(await exists('movies', card.movie_id))) problems[`cards[${i}].movie_id`] = 'Este filme não existe.';
      }
    } else if (type === 'menu_items') {
      Object.assign(problems, await menuProblems(db, id, row));
    } else if (type === 'history_editions') {
      // A past edition's films are HTML too, cleaned like every other.
      row.movies = ((row.movies ?? []) as ListItem[]).map((m) => ({ ...m, list_html: sanitizeEditorHtml(String(m.list_html)) }));
    } else if (type === 'travel_times') {
      for (const column of ['from_city_id', 'to_city_id']) {
        if (!(await exists('cities', row[column]))) problems[column] = 'Esta cidade não existe.';
      }
    } else if (type === 'press_items') {
      // The PDF was stored by its upload (POST /gestao/api/media/pdfs); the row says its type and size.
      const size = await contentFileSize(db, String(row.file_name));
      if (size === undefined) problems.file_name = 'Este ficheiro não foi carregado: carregue o PDF de novo.';
      Object.assign(row, { mime: 'application/pdf', size: size ?? 0 });
    } else if (type === 'programme_entries') {
      Object.assign(problems, await attachmentProblems(db, base, row));
    }
    for (const field of PICTURE_FIELDS[type] ?? []) {
      const picture = row[field];
      if (isUploadedPicture(picture) && !(await uploadedPicture(db, String(picture)))) problems[field] = 'Esta imagem não foi carregada.';
    }
    if (Object.keys(problems).length > 0) throw new GestaoError(400, { message: 'Há campos por corrigir.', errors: problems });
    return row;
  }

  function denied(type: RecordType, fields: string[]): GestaoError {
    const names = fields.map((f) => fieldIn(collections, type, f)?.label ?? f).join(', ');
    return new GestaoError(403, { message: `O seu perfil não pode alterar: ${names}.`, fields });
  }

  /** The 409 of a save or removal that cannot go on: nothing was written. */
  async function staleWrite(
    db: Db,
    type: RecordType,
    id: string,
    baseVersion: number,
    merge?: Pick<ConflictAnswer, 'conflicts' | 'joined'>,
  ) {
    const rollback = await rollbackSince(db, type, id, baseVersion);
    const answer: ConflictAnswer = {
      message: rollback
        ? `Depois de abrir este registo, a Administração repôs uma publicação anterior (${rollback.changelog[0] ?? `publicação ${rollback.number}`}): o registo voltou ao que era. Compare as versões antes de guardar.`
        : 'Outra pessoa guardou este registo depois de o abrir. Compare as versões antes de guardar.',
      stored: await readRecord(db, type, id),
      conflicts: merge?.conflicts ?? [],
      ...(merge?.joined ? { joined: merge.joined } : {}),
      ...(rollback ? { rolledBack: true as const } : {}),
    };
    return new GestaoError(409, { ...answer });
  }

  async function checkVersion(db: Db, type: RecordType, id: string, baseVersion: number): Promise<number> {
    const version = await currentVersion(db, type, id);
    if (baseVersion !== version) throw await staleWrite(db, type, id, baseVersion);
    return version;
  }

  /** The fields the form sent a version behind, merged with what was saved since (record-merge.ts); a 409 naming each field both changed. */
  async function mergedWrite(db: Db, type: RecordType, id: string, write: RecordWrite, fields: RecordFields, current: Row) {
    const history = await recordHistory(db, type, id);
    const rollbacks = new Set<number>();
    for (const number of new Set(history.filter((e) => e.version > write.baseVersion).map((e) => e.releaseNumber))) {
      if (number !== null && (await releaseOf(db, number))?.kind === 'reposicao') rollbacks.add(number);
    }
    const clientBase = write.baseFields;
    const result = mergeFields({
      fields: fieldsIn(collections, type),
      baseVersion: write.baseVersion,
      clientBase:
        typeof clientBase === 'object' && clientBase !== null && !Array.isArray(clientBase)
          ? (asEdited(type, clientBase as Row) as RecordFields)
          : undefined,
      history,
      mine: asEdited(type, fields),
      theirs: asEdited(type, current),
      isRollback: (entry) => entry.releaseNumber !== null && rollbacks.has(entry.releaseNumber),
    });
    if (result.conflicts.length > 0) {
      const joined = { ...result.fields, ...Object.fromEntries(result.conflicts.map((c) => [c.field, c.theirs])) };
      throw await staleWrite(db, type, id, write.baseVersion, { conflicts: result.conflicts, joined });
    }
    return result;
  }

  /**
   * After a rollback (release `releaseNumber`) rewrote the live tables: every record it changed gets
   * a version of its own, so that a form opened before it answers 409 instead of putting the undone
   * values back into the draft. A pending draft of such a record stays, holding only its own changes
   * (the fields where it differed from the site before the rollback) over the restored record: its
   * whole row, kept as it was, would otherwise publish the undone values again.
   */
  async function versionRolledBackRecords(
    trx: Db,
    actor: Actor,
    at: string,
    releaseNumber: number,
    before: Map<RecordType, Map<string, Row>>,
  ): Promise<void> {
    const after = await liveRecords(trx);
    for (const [type, afterRows] of after) {
      const beforeRows = before.get(type) ?? new Map<string, Row>();
      for (const id of new Set([...beforeRows.keys(), ...afterRows.keys()])) {
        const was = beforeRows.get(id);
        const is = afterRows.get(id);
        const changed = changedFields(asEdited(type, was ?? {}), asEdited(type, is ?? {}), fieldsIn(collections, type));
        if (changed.length === 0 && (was === undefined) === (is === undefined)) continue;
        const version = (await currentVersion(trx, type, id)) + 1;
        const save = { type, id, version, actorEmail: actor.email, at };
        const pending = await draft(trx, type, id);
        if (!pending || (pending.row === null && !is)) {
          // A removal pending for a record the rollback removed too has nothing left to do.
          if (pending) await discardDraft(trx, type, id);
          await insertReleasedVersion(trx, { ...save, row: is ?? null, changedFields: changed, releaseNumber });
        } else if (pending.row === null || !is) {
          // A pending removal stays one; a record the rollback removed comes back only if its draft is published.
          await saveDraft(trx, { ...save, row: pending.row, changedFields: changed });
        } else {
          const rebased = await rebasedDraft(trx, type, id, was, is, pending.row);
          if (changedFields(asEdited(type, rebased), asEdited(type, is), fieldsIn(collections, type)).length === 0) {
            await discardDraft(trx, type, id);
            await insertReleasedVersion(trx, { ...save, row: is, changedFields: changed, releaseNumber });
          } else {
            const moved = changedFields(asEdited(type, pending.row), asEdited(type, rebased), fieldsIn(collections, type));
            await saveDraft(trx, { ...save, row: rebased, changedFields: moved });
          }
        }
      }
    }
  }

  /** A draft's own changes laid over the restored record, its derived columns worked out again (kept as they were when it no longer fits). */
  async function rebasedDraft(trx: Db, type: RecordType, id: string, was: Row | undefined, is: Row, pending: Row): Promise<Row> {
    const own = changedFields(asEdited(type, was ?? {}), asEdited(type, pending), fieldsIn(collections, type));
    const fields = { ...editable(type, is), ...Object.fromEntries(own.map((f) => [f, (pending[f] ?? null) as FieldValue])) };
    try {
      return await completeRow(trx, type, id, is, fields);
    } catch (error) {
      if (!(error instanceof GestaoError)) throw error;
      return { ...pending, ...Object.fromEntries(Object.entries(editable(type, is)).filter(([f]) => !own.includes(f))) };
    }
  }

  /** Saves a record into the draft: a new one when `id` is undefined. */
  async function saveRecord(
    db: Db,
    actor: Actor,
    at: string,
    type: RecordType,
    id: string | undefined,
    write: RecordWrite,
  ): Promise<SavedRecord> {
    return db.transaction().execute((trx) => saveRecordIn(trx, actor, at, type, id, write));
  }

  /**
   * saveRecord in the caller's transaction, with every one of its rules: a programme import saves
   * its rows in one transaction (all of them or none), each exactly as its form would.
   */
  async function saveRecordIn(
    trx: Db,
    actor: Actor,
    at: string,
    type: RecordType,
    id: string | undefined,
    write: RecordWrite,
  ): Promise<SavedRecord> {
    let fields = validated(type, write.fields);
    if (id === undefined) {
      if (!mayCreate(actor.role, type)) throw denied(type, []);
      const newId = RECORD_STORAGE[type].serial ? String((await highestId(trx, type)) + 1) : recordId(type, fields);
      if (!RECORD_STORAGE[type].serial) await checkNewKey(trx, type, newId, fields);
      const row = await completeRow(trx, type, newId, {}, fields);
      await saveDraft(trx, { type, id: newId, row, version: 1, changedFields: fieldsIn(collections, type), actorEmail: actor.email, at });
      return { ...view(type, newId, undefined, row, 1), merged: [] };
    }
    const version = await currentVersion(trx, type, id);
    const live = await liveRow(trx, type, id);
    const pending = await draft(trx, type, id);
    const current = pending === undefined ? live : (pending.row ?? undefined);
    if (!current) {
      // Removed in the draft since the form opened: the form says so with the record as it is.
      await checkVersion(trx, type, id, write.baseVersion);
      throw new GestaoError(404, { message: 'Este registo não existe.' });
    }
    // A writer that knows nothing of a field (the grid, a spreadsheet without its column, an older
    // form, one without a field added since: a translation, a session's subtitles) leaves it as it
    // is: only a field it sends is a change.
    for (const name of Object.keys(collections[type].fields))
      if (!Object.hasOwn(write.fields, name) && Object.hasOwn(current, name)) fields[name] = current[name] as FieldValue;
    let merged: SavedRecord['merged'] = [];
    if (write.baseVersion !== version) ({ fields, kept: merged } = await mergedWrite(trx, type, id, write, fields, current));
    // A cancelled session stays cancelled whatever the form, the grid or a spreadsheet says: only
    // the explicit restore (POST /gestao/api/screenings/:id/status, last-minute-changes.ts) brings it back.
    if (type === 'sessions' && live && isCancelled(String(live.status))) {
      Object.assign(fields, { status: 'cancelled', status_note: live.status_note });
    }
    const changed = changedFields(asEdited(type, current), asEdited(type, fields), fieldsIn(collections, type));
    const refused = changed.filter((f) => !mayChangeFieldOf(collections[type], actor.role, f));
    if (refused.length > 0) throw denied(type, refused);
    if (changed.length === 0) return { ...view(type, id, live, pending?.row, version), merged: [] };
    const row = await completeRow(trx, type, id, current, fields);
    await saveDraft(trx, { type, id, row, version: version + 1, changedFields: changed, actorEmail: actor.email, at });
    return { ...view(type, id, live, row, version + 1), merged };
  }

  /** Removes a record in the draft (a session removed is cancelled at the next release). */
  async function deleteRecord(db: Db, actor: Actor, at: string, type: RecordType, id: string, baseVersion: number): Promise<void> {
    if (!mayCreate(actor.role, type)) throw denied(type, []);
    await db.transaction().execute(async (trx) => {
      const version = await checkVersion(trx, type, id, baseVersion);
      const live = await liveRow(trx, type, id);
      // What points at it, its collection says (a venue's sessions): those first.
      for (const dependants of dependantsIn(collections, type)) {
        const using = (await draftedRows(trx, dependants.type)).filter((r) =>
          dependants.columns.some((column) => r[column] !== null && Number(r[column]) === Number(id)),
        ).length;
        if (using > 0) throw new GestaoError(400, { message: dependants.message(using) });
      }
      if (!live) {
        // Never published: removing it is forgetting the draft (its history stays).
        await discardDraft(trx, type, id);
        return;
      }
      await saveDraft(trx, { type, id, row: null, version: version + 1, changedFields: [], actorEmail: actor.email, at });
    });
  }

  async function recordVersions(db: Db, type: RecordType, id: string): Promise<RecordVersion[]> {
    return (await recordHistory(db, type, id)).map((entry) => ({
      version: entry.version,
      at: entry.at,
      actorEmail: entry.actorEmail,
      changedFields: entry.changedFields,
      releaseNumber: entry.releaseNumber,
      fields: entry.row && editable(type, entry.row),
    }));
  }

  return { listRecords, readRecord, versionRolledBackRecords, saveRecord, saveRecordIn, deleteRecord, recordVersions };
}

export type RecordRules = ReturnType<typeof recordRules>;

/** The site's own collections' rules. */
export const { listRecords, readRecord, versionRolledBackRecords, saveRecord, saveRecordIn, deleteRecord, recordVersions } =
  recordRules(COLLECTIONS);
