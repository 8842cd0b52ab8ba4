/**
 * A save made on a version someone else has since moved on, merged field by field (a three-way
 * merge): the form's base, the form's values (mine) and the record as stored (theirs). A field only
 * the form changed takes the form's value, a field only others changed keeps theirs, and a field
 * both changed to different values is a conflict: the save is refused naming each one. A field a
 * rollback changed is a conflict whenever the form holds another value, even one it never touched:
 * the rollback undid it on purpose, so putting the undone value back is for the editor to choose.
 *
 * The base is read from the record's history by version (every save keeps its whole row there), so
 * the client cannot make up what it started from; only a form opened before the record's first
 * save in the back office (version 0, the row the history never kept) may say what it read, for the
 * fields that first save changed.
 */
import type { FieldConflict, MergedChange } from '../../../src/common/gestao/api/answers';
import type { FieldValue, RecordFields } from '../../../src/common/gestao/record-schemas';
import type { HistoryEntry, Row } from '../../db/repositories/publishing/drafts-repository';
import { changedFields } from '../../publishing/changelog';

export interface MergeInput {
  fields: readonly string[];
  baseVersion: number;
  /** What the form says it read: used only where the history cannot say (version 0). */
  clientBase: RecordFields | undefined;
  /** The record's versions, any order. */
  history: readonly HistoryEntry[];
  /** The form's values and the stored ones, each reduced to what a form edits (records.ts asEdited). */
  mine: Row;
  theirs: Row;
  /** Versions made by a rollback ("Repor a publicação N"). */
  isRollback: (entry: HistoryEntry) => boolean;
}

export interface MergeResult {
  /** The fields to save: the form's changes over the stored record. */
  fields: RecordFields;
  conflicts: FieldConflict[];
  /** Other people's changes kept, by who made them. */
  kept: MergedChange[];
  /** A rollback changed one of the conflicting fields. */
  rolledBack: boolean;
}

const differs = (field: string, a: unknown, b: unknown) => changedFields({ [field]: a }, { [field]: b }, [field]).length > 0;

/** The values the form was based on, as far as they can be known (a field absent is unknown). */
function baseOf(input: MergeInput): Map<string, unknown> {
  const known = new Map<string, unknown>();
  const { baseVersion, history, fields, clientBase } = input;
  if (baseVersion > 0) {
    const entry = history.find((e) => e.version === baseVersion);
    if (entry?.row) for (const f of fields) known.set(f, entry.row[f] ?? null);
    return known;
  }
  // Version 0 is the row as it was before the first save: that save kept what it did not change.
  const first = history.reduce<HistoryEntry | undefined>((a, e) => (!a || e.version < a.version ? e : a), undefined);
  for (const f of fields) {
    if (first?.row && !first.changedFields.includes(f)) known.set(f, first.row[f] ?? null);
    else if (clientBase && f in clientBase) known.set(f, clientBase[f] ?? null);
  }
  return known;
}

/** Who last changed `field` after the base: the newest version naming it (else the newest of all). */
function lastChange(field: string, later: readonly HistoryEntry[]): HistoryEntry | undefined {
  const newestFirst = [...later].sort((a, b) => b.version - a.version);
  return newestFirst.find((e) => e.changedFields.includes(field)) ?? newestFirst[0];
}

export function mergeFields(input: MergeInput): MergeResult {
  const { fields, mine, theirs, baseVersion } = input;
  const base = baseOf(input);
  const later = input.history.filter((e) => e.version > baseVersion);
  const rolledBackFields = new Set(later.filter(input.isRollback).flatMap((e) => e.changedFields));
  const merged: RecordFields = {};
  const conflicts: FieldConflict[] = [];
  const keptBy = new Map<string, string[]>();
  for (const f of fields) {
    const known = base.has(f);
    const mineChanged = !known || differs(f, base.get(f), mine[f]);
    const theirsChanged = !known || differs(f, base.get(f), theirs[f]);
    const agree = !differs(f, mine[f], theirs[f]);
    const undoneByRollback = rolledBackFields.has(f) && !agree;
    if (agree) {
      merged[f] = (theirs[f] ?? null) as FieldValue;
      continue;
    }
    if (!mineChanged && !undoneByRollback) {
      // Only someone else changed it: theirs stays, and the answer says whose.
      merged[f] = (theirs[f] ?? null) as FieldValue;
      const by = lastChange(f, later)?.actorEmail ?? '';
      keptBy.set(by, [...(keptBy.get(by) ?? []), f]);
      continue;
    }
    if (!theirsChanged && !undoneByRollback) {
      merged[f] = (mine[f] ?? null) as FieldValue;
      continue;
    }
    const change = lastChange(f, later);
    conflicts.push({
      field: f,
      ...(known ? { base: (base.get(f) ?? null) as FieldValue } : {}),
      theirs: (theirs[f] ?? null) as FieldValue,
      mine: (mine[f] ?? null) as FieldValue,
      by: change?.actorEmail ?? '',
      at: change?.at ?? '',
    });
  }
  return {
    fields: merged,
    conflicts,
    kept: [...keptBy].map(([by, kept]) => ({ by, fields: kept })),
    rolledBack: conflicts.some((c) => rolledBackFields.has(c.field)),
  };
}
