/**
 * A change lost to a colleague, told to the person who lost it. When a save's conflict is settled
 * by keeping the saver's own value over the one another person had saved (the form says which
 * fields: `overridden`), that person's value is kept (lost_changes) and shown on their next visit,
 * with who replaced it and when, and a way to put it back into the draft, as their own new save.
 */
import type { LostChangeView } from '../../../src/common/gestao/api/answers';
import { LOST_CHANGE_GONE } from '../../../src/common/gestao/api/refusals';
import { fieldText, type FieldValue, type RecordFields, type RecordView } from '../../../src/common/gestao/record-schemas';
import type { RecordType } from '../../../src/common/gestao/roles';
import type { Db } from '../../db/database';
import { recordHistory } from '../../db/repositories/publishing/drafts-repository';
import {
  insertLostChange,
  settleLostChange,
  unsettledLostChange,
  unsettledLostChanges,
  type LostChangeRow,
} from '../../db/repositories/publishing/lost-changes-repository';
import { findStaffUserByEmail } from '../../db/repositories/staff/staff-users-repository';
import { GestaoError } from './gestao-error';
import type { Actor, RecordRules } from './records';

interface Replacement {
  saver: Actor;
  at: string;
  type: RecordType;
  id: string;
  /** The fields the saver kept over someone else's value, as the form says. */
  overridden: readonly string[];
  /** The record as it was before the save, and as the save left it. */
  before: RecordView;
  after: RecordView;
}

const same = (a: FieldValue | undefined, b: FieldValue | undefined) => fieldText(a ?? '') === fieldText(b ?? '');

/** Keeps, for each field the save really replaced, the value its last author (someone else) had saved. */
export async function noteLostChanges(db: Db, { saver, at, type, id, overridden, before, after }: Replacement): Promise<void> {
  const fields = overridden.filter((field) => Object.hasOwn(before.fields, field) && !same(before.fields[field], after.fields[field]));
  if (fields.length === 0) return;
  // Newest first: the first version at or before the one replaced that changed the field is its author's.
  const history = (await recordHistory(db, type, id)).filter((entry) => entry.version <= before.version);
  for (const field of fields) {
    const author = history.find((entry) => entry.changedFields.includes(field));
    if (!author || author.actorEmail === saver.email) continue;
    const person = await findStaffUserByEmail(db, author.actorEmail);
    if (!person) continue;
    await insertLostChange(db, {
      user_id: person.id,
      record_type: type,
      record_id: id,
      field,
      lost_value: JSON.stringify(before.fields[field] ?? null),
      saved_at: author.at,
      replaced_by: saver.email,
      replaced_at: at,
    });
  }
}

function viewOf(row: LostChangeRow, record: RecordView): LostChangeView {
  return {
    id: row.id,
    record,
    field: row.field,
    value: JSON.parse(row.lost_value) as FieldValue,
    savedAt: row.saved_at,
    replacedBy: row.replaced_by,
    replacedAt: row.replaced_at,
  };
}

/** A person's lost changes not yet seen, each with its record as it is now (a record removed since is left out and settled). */
export async function lostChangesOf(db: Db, rules: RecordRules, userId: number, at: string): Promise<LostChangeView[]> {
  const views: LostChangeView[] = [];
  for (const row of await unsettledLostChanges(db, userId)) {
    // A record removed since has nothing to put the value back into: its notice is settled. Any other failure is the server's.
    const record = await rules.readRecord(db, row.record_type as RecordType, row.record_id).catch((error: unknown) => {
      if (error instanceof GestaoError && error.statusCode === 404) return undefined;
      throw error;
    });
    if (record) views.push(viewOf(row, record));
    else await settleLostChange(db, row.id, at);
  }
  return views;
}

/** Lets it go: seen, not wanted back. */
export async function dismissLostChange(db: Db, actor: Actor, id: number, at: string): Promise<void> {
  if (!(await unsettledLostChange(db, id, actor.id))) throw new GestaoError(404, { message: LOST_CHANGE_GONE });
  await settleLostChange(db, id, at);
}

/**
 * Puts the value back into the draft, saved by the person who lost it over the record as it is now
 * (their role's rules apply, as to any save), and settles the notice. Answers the record saved.
 */
export async function restoreLostChange(db: Db, rules: RecordRules, actor: Actor, id: number, at: string) {
  const row = await unsettledLostChange(db, id, actor.id);
  if (!row) throw new GestaoError(404, { message: LOST_CHANGE_GONE });
  const type = row.record_type as RecordType;
  const current = await rules.readRecord(db, type, row.record_id);
  const fields: RecordFields = { ...current.fields, [row.field]: JSON.parse(row.lost_value) as FieldValue };
  const saved = await rules.saveRecord(db, actor, at, type, row.record_id, { baseVersion: current.version, fields });
  await settleLostChange(db, id, at);
  // Put back over a value someone else saved since: that person is told in turn, as by any settled conflict.
  await noteLostChanges(db, { saver: actor, at, type, id: row.record_id, overridden: [row.field], before: current, after: saved });
  return { saved, before: current, subject: `${type}/${row.record_id}`, field: row.field };
}
