/**
 * A session's history for the grid: its saved versions (content_history), each compared with the
 * one before it (the oldest with the published row, when that still differs), the changed fields
 * said in words. The versions' rows are whole session rows, so a change is read from them, not
 * from the version's list of changed fields (which has no "from").
 */
import { fieldOf } from '../../../src/common/gestao/collections';
import type { SessionFieldChange, SessionHistoryEntry } from '../../../src/common/programme/session-history-entry';
import { STATUS_LABELS, type SessionStatus } from '../../../src/common/programme/session-status';
import { spokenDayAndTime } from '../../../src/common/time/calendar-names';
import type { Db } from '../../db/database';
import { draftedRows, liveRow, recordHistory, type Row } from '../../db/repositories/publishing/drafts-repository';
import { GestaoError } from './gestao-error';

/** The fields a programmer reads in a session's history, in the order they are listed. */
const FIELDS = ['starts_at', 'venue_id', 'status', 'status_note', 'guest', 'movie_id', 'code'] as const;
type Field = (typeof FIELDS)[number];

interface Names {
  venues: Map<string, string>;
  movies: Map<string, string>;
}

/** A session row's cell as text: its columns are text, numbers or empty. */
const raw = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** A field's value in words: a time as said aloud, a venue's and a film's name, a status's label. */
function inWords(field: Field, value: unknown, names: Names): string {
  const text = raw(value);
  if (text === '') return '';
  if (field === 'starts_at') return spokenDayAndTime(text);
  if (field === 'venue_id') return names.venues.get(text) ?? `sala ${text}`;
  if (field === 'movie_id') return names.movies.get(text) ?? `filme ${text}`;
  if (field === 'status') return STATUS_LABELS[text as SessionStatus] ?? text;
  return text;
}

function changesBetween(before: Row | undefined, after: Row, names: Names): SessionFieldChange[] {
  return FIELDS.filter((f) => raw(before?.[f]) !== raw(after[f])).map((f) => ({
    label: fieldOf('sessions', f)!.label,
    from: before ? inWords(f, before[f], names) : '',
    to: inWords(f, after[f], names),
  }));
}

/** Every saved version of session `id`, newest first; 404 when it has neither versions nor a published row. */
export async function sessionHistory(db: Db, id: string): Promise<SessionHistoryEntry[]> {
  const [versions, live, venues, movies] = await Promise.all([
    recordHistory(db, 'sessions', id),
    liveRow(db, 'sessions', id),
    draftedRows(db, 'venues'),
    draftedRows(db, 'movies'),
  ]);
  if (versions.length === 0 && !live) throw new GestaoError(404, { message: 'Esta sessão não existe.' });
  const names: Names = {
    venues: new Map(venues.map((v) => [raw(v.id), raw(v.name)])),
    movies: new Map(movies.map((m) => [raw(m.id), raw(m.title)])),
  };
  // Oldest first, each against the one before; the oldest against the published row only while
  // no version has been published (after that, the published row is one of them).
  const oldestFirst = [...versions].reverse();
  const firstBefore = versions.every((v) => v.releaseNumber === null) ? live : undefined;
  return oldestFirst
    .map((entry, i): SessionHistoryEntry => {
      const base = { version: entry.version, at: entry.at, actorEmail: entry.actorEmail, releaseNumber: entry.releaseNumber };
      if (entry.row === null) return { ...base, kind: 'apagada', changes: [] };
      const before = i > 0 ? (oldestFirst[i - 1]!.row ?? undefined) : firstBefore;
      if (!before && !live) return { ...base, kind: 'criada', changes: changesBetween(undefined, entry.row, names) };
      // The oldest version once published: what it changed from is no longer kept.
      if (!before) {
        return {
          ...base,
          kind: 'mudada',
          changes: FIELDS.filter((f) => entry.changedFields.includes(f)).map((f) => ({
            label: fieldOf('sessions', f)!.label,
            from: '',
            to: inWords(f, entry.row![f], names),
          })),
        };
      }
      return { ...base, kind: 'mudada', changes: changesBetween(before, entry.row, names) };
    })
    .reverse();
}
