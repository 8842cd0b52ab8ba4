/** What a programme sync changed in the visitor's agenda: changed, cancelled, new, or nothing at all. */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { AgendaSession } from '../../src/common/api/api-types';
import type { AgendaEntry } from '../../src/agenda/agenda-entry';
import { acknowledgeChanges, addToAgenda, noteAgendaChanges } from '../../src/agenda/agenda-store';
import { changedFields, changeSummary, changesNotice, detectChanges, movedFrom } from '../../src/agenda/changes';
import { spokenDay } from '../../src/common/time/calendar-names';
import { openFestaDb } from '../../src/data/db';
import { storeProgramme } from '../../src/data/programme-sync';
import { FOLLOWS_NOTHING } from '../../src/common/programme/session-access';

function session(
  id: string,
  startsAt: string,
  venue: [string, string] = ['1', 'Cinema São Jorge'],
  version = `${id}-${startsAt}-${venue[0]}`,
): AgendaSession {
  return {
    id,
    work_id: '101',
    ismovie: '1',
    title: `Filme ${id}`,
    starts_at: startsAt,
    venue_id: venue[0],
    venue_name: venue[1],
    venue_address: '',
    city_id: '1',
    city_name: 'Lisboa',
    duration_min: 100,
    status: '',
    status_note: '',
    follow: FOLLOWS_NOTHING,
    version,
    sequence: 0,
  };
}
const entry = (s: AgendaSession): AgendaEntry => ({ sessionId: s.id, addedAt: 1, session: s });
const versionsOf = (sessions: AgendaSession[]) => Object.fromEntries(sessions.map((s) => [s.id, s.version]));
const byId = (sessions: AgendaSession[]) => new Map(sessions.map((s) => [s.id, s]));

describe('detectChanges', () => {
  const a = session('1', '2026-04-05T21:30');
  const b = session('2', '2026-04-06T19:00');

  it('finds nothing when every session of the agenda has the version it was added with', () => {
    expect(detectChanges([entry(a), entry(b)], versionsOf([a, b]), byId([a, b]), 5)).toEqual([]);
  });

  it('tells a changed session (same id, another version) and keeps what the visitor knew', () => {
    const moved = session('1', '2026-04-05T22:00', ['2', 'Cinemateca Portuguesa']);
    const [changed, ...rest] = detectChanges([entry(a), entry(b)], versionsOf([moved, b]), byId([moved, b]), 5);
    expect(rest).toEqual([]);
    expect(changed).toEqual({ sessionId: '1', addedAt: 1, session: a, change: { kind: 'changed', now: moved, at: 5 } });
    expect(changedFields(a, moved)).toEqual([
      { field: 'time', before: '21:30', after: '22:00' },
      { field: 'venue', before: 'Cinema São Jorge', after: 'Cinemateca Portuguesa' },
    ]);
  });

  it('tells a cancelled session (its id gone from the programme)', () => {
    expect(detectChanges([entry(a), entry(b)], versionsOf([b]), byId([b]), 7)).toEqual([
      { ...entry(a), change: { kind: 'cancelled', at: 7 } },
    ]);
  });

  it('tells a session cancelled at the last minute (still listed, its status cancelled) as cancelled, with its reason', () => {
    const cancelled = { ...a, status: 'cancelled' as const, status_note: 'cópia não chegou', version: 'a-cancelled' };
    const [first, ...rest] = detectChanges([entry(a), entry(b)], versionsOf([cancelled, b]), byId([cancelled, b]), 7);
    expect(rest).toEqual([]);
    expect(first).toEqual({ ...entry(a), change: { kind: 'cancelled', now: cancelled, at: 7 } });
    // Not announced twice; restored as it was, the change is gone.
    expect(detectChanges([first!], versionsOf([cancelled, b]), byId([cancelled, b]), 9)).toEqual([]);
    expect(detectChanges([first!], versionsOf([a, b]), byId([a, b]), 9)).toEqual([entry(a)]);
  });

  it('never takes a session new to the programme for a change of the agenda', () => {
    const added = session('3', '2026-04-05T21:30');
    expect(detectChanges([entry(a)], versionsOf([a, added]), byId([a, added]), 5)).toEqual([]);
  });

  it('does not announce the same change twice, and keeps the first "before" through a second change', () => {
    const moved = session('1', '2026-04-05T22:00');
    const once = detectChanges([entry(a)], versionsOf([moved]), byId([moved]), 5);
    expect(detectChanges(once, versionsOf([moved]), byId([moved]), 9)).toEqual([]);
    const movedAgain = session('1', '2026-04-05T23:00');
    const [twice] = detectChanges(once, versionsOf([movedAgain]), byId([movedAgain]), 9);
    expect(twice).toMatchObject({ session: a, change: { kind: 'changed', now: movedAgain, at: 5 } });
  });

  it('clears a change that was undone, and updates quietly what nobody plans by (a new title)', () => {
    const moved = session('1', '2026-04-05T22:00');
    const [changed] = detectChanges([entry(a)], versionsOf([moved]), byId([moved]), 5);
    expect(detectChanges([changed!], versionsOf([a]), byId([a]), 9)).toEqual([entry(a)]);
    const retitled = { ...a, title: 'Outro título' };
    expect(detectChanges([entry(a)], versionsOf([retitled]), byId([retitled]), 9)).toEqual([entry(retitled)]);
  });

  it('says how many changed in pt-PT, singular and plural', () => {
    expect(changesNotice(1)).toBe('1 sessão da sua agenda mudou');
    expect(changesNotice(2)).toBe('2 sessões da sua agenda mudaram');
  });
});

describe('what a change says', () => {
  const ideal: [string, string] = ['2', 'Cinema Ideal'];
  const before = session('7', '2026-11-26T18:00', ideal);
  const changed = (now: AgendaSession): AgendaEntry => ({ ...entry(before), change: { kind: 'changed', now, at: 1 } });

  it('names the day as said aloud, then the old and new time and the venue', () => {
    expect(spokenDay('2026-11-26')).toBe('quinta 26');
    expect(spokenDay('2026-11-29')).toBe('domingo 29');
    expect(changeSummary(changed(session('7', '2026-11-26T19:15', ideal)))).toBe('Mudou: quinta 26: 18:00 → 19:15, Cinema Ideal');
    expect(changeSummary(changed(session('7', '2026-11-27T21:30', ideal)))).toBe('Mudou: quinta 26, 18:00 → sexta 27, 21:30, Cinema Ideal');
    expect(changeSummary(changed(session('7', '2026-11-26T18:00', ['1', 'Cinema São Jorge'])))).toBe(
      'Mudou: quinta 26: 18:00, Cinema Ideal → Cinema São Jorge',
    );
    expect(changeSummary({ ...entry(before), change: { kind: 'cancelled', at: 1 } })).toBe('Cancelada — quinta 26, 18:00, Cinema Ideal');
    expect(changeSummary(entry(before))).toBeNull();
  });

  it('says a last-minute status with its reason: a delay as a change of time, a cancellation as "Cancelada"', () => {
    const delayed = { ...session('7', '2026-11-26T18:15', ideal), status: 'delayed' as const, status_note: 'problema técnico' };
    expect(changeSummary(changed(delayed))).toBe('Mudou: quinta 26: 18:00 → 18:15, Cinema Ideal — Sessão atrasada: problema técnico');
    const cancelled = { ...before, status: 'cancelled' as const, status_note: 'cópia não chegou', version: 'other' };
    expect(changeSummary({ ...entry(before), change: { kind: 'cancelled', now: cancelled, at: 1 } })).toBe(
      'Cancelada (cópia não chegou) — quinta 26, 18:00, Cinema Ideal',
    );
  });

  it('keeps, once acknowledged, what it moved from: the time, the day, or the venue', () => {
    expect(movedFrom(before, session('7', '2026-11-26T19:15', ideal))).toBe('mudou de 18:00');
    expect(movedFrom(before, session('7', '2026-11-27T18:00', ideal))).toBe('mudou de quinta 26, 18:00');
    expect(movedFrom(before, session('7', '2026-11-26T18:00', ['1', 'Cinema São Jorge']))).toBe('mudou de Cinema Ideal');
    expect(movedFrom(before, { ...before, title: 'Outro título' })).toBeNull();
  });
});

describe('a programme sync over the agenda in IndexedDB', () => {
  it('marks the changed and cancelled sessions, and an acknowledgement keeps the new values and drops the cancelled', async () => {
    const db = openFestaDb('agenda-sync');
    const a = session('1', '2026-04-05T21:30');
    const b = session('2', '2026-04-06T19:00');
    const c = session('3', '2026-04-07T18:00');
    await addToAgenda(db, [a, b, c], 1);
    const moved = session('1', '2026-04-05T22:15');
    const answers = { '/api/sessions': [moved, c] };
    const sync = { version: 'v2', generatedAt: '', answers, sessionVersions: versionsOf([moved, c]) };
    await storeProgramme(db, sync, 10);
    const stored = await db.agenda.toArray();
    expect(stored.find((e) => e.sessionId === '1')?.change).toEqual({ kind: 'changed', now: moved, at: 10 });
    expect(stored.find((e) => e.sessionId === '2')?.change).toEqual({ kind: 'cancelled', at: 10 });
    expect(stored.find((e) => e.sessionId === '3')?.change).toBeUndefined();
    // A sync from an older server (no versions) changes nothing.
    expect(await noteAgendaChanges(db, { answers })).toBe(0);

    await acknowledgeChanges(db);
    const after = await db.agenda.toArray();
    expect(after.map((e) => [e.sessionId, e.session.starts_at, e.change, e.before?.starts_at])).toEqual([
      ['1', '2026-04-05T22:15', undefined, '2026-04-05T21:30'],
      ['3', '2026-04-07T18:00', undefined, undefined],
    ]);
    // The acknowledged session still says where it came from; a later sync with no news keeps that.
    expect(movedFrom(after[0]!.before!, after[0]!.session)).toBe('mudou de 21:30');
    await storeProgramme(db, sync, 20);
    expect((await db.agenda.get('1'))?.before?.starts_at).toBe('2026-04-05T21:30');
    db.close();
  });
});
