/**
 * The changelog is complete: every field of every collection, changed on its own in a record that
 * visitors see, is named in "Por publicar" (draftChangelog) and in the release that publishes it.
 * The fields are read from the collections, so a new field or collection is covered without a word here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTIONS, fieldOf, keyFields, recordFields } from '../../src/common/gestao/collections';
import type { Field, OptionList } from '../../src/common/gestao/collections/field-kit';
import { FIELD_LABELS } from '../../src/common/gestao/record-schemas';
import type { RecordType } from '../../src/common/gestao/roles';
import { STATUS_SENTENCES, type SessionStatus } from '../../src/common/programme/session-status';
import { currentVersion, liveRows, recordId, saveDraft, type Row } from '../../server/db/repositories/publishing/drafts-repository';
import { draftChangelog, publishDraft } from '../../server/gestao/editing/staff-releases';
import type { Actor } from '../../server/gestao/editing/records';
import { startTestServer, type TestServer } from './helper';

const AT = '2026-04-05T14:00:00.000Z';
const admin: Actor = { id: 1, email: 'administracao@festa.test', role: 'administracao' };

/** The table a choice among records is made from. */
const OPTION_TABLES: Record<OptionList, RecordType> = {
  cities: 'cities',
  venues: 'venues',
  sections: 'sections',
  movies: 'movies',
  pages: 'custom_pages',
  sponsorGroups: 'sponsor_groups',
  menuParents: 'menu_items',
};

/** A value other than `value` that the field could hold (its rule is the form's business, not the changelog's). */
async function otherValue(server: TestServer, f: Field, value: unknown): Promise<unknown> {
  switch (f.input) {
    case 'flag':
      return Number(value) === 1 ? 0 : 1;
    case 'number':
      return Number(value) + 1;
    case 'wall-time':
      // Five minutes later: the same day, and no block clash made by it.
      return addMinutes(String(value), 5);
    case 'date':
      return String(value) === '2026-04-09' ? '2026-04-10' : '2026-04-09';
    case 'clock-time':
      return String(value) === '23:30' ? '23:45' : '23:30';
    case 'email':
      return 'outro.endereco@festa.test';
    case 'list': {
      const items = (value ?? []) as Row[];
      return items.length > 0 ? items.slice(0, -1) : [Object.fromEntries(Object.entries(f.list!.items).map(([n, i]) => [n, i.start]))];
    }
    case 'choice': {
      if (f.choices) return f.choices.map((c) => c.value).find((v) => String(v) !== String(value));
      const rows = await liveRows(server.db, OPTION_TABLES[f.optionsFrom!]);
      return rows.map((r) => Number(r.id)).find((id) => id !== Number(value));
    }
    default:
      return `${typeof value === 'string' ? value : ''}mudado`;
  }
}

/** A Lisbon wall time (2026-04-04T21:30) `minutes` later, said the same way. */
function addMinutes(wall: string, minutes: number): string {
  const [h, m] = wall.slice(11).split(':').map(Number);
  const total = h! * 60 + m! + minutes;
  return `${wall.slice(0, 11)}${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * What the line must say of the field: its label, or, for what a line says by value (a session's
 * time, venue, status and its reason; a journey's minutes), the new value.
 */
function saysField(type: RecordType, name: string, row: Row, venues: Map<number, string>): string {
  if (type === 'sessions' && name === 'starts_at') return `→ ${String(row.starts_at).slice(11)}`;
  if (type === 'sessions' && name === 'venue_id') return `→ ${venues.get(Number(row.venue_id))}`;
  if (type === 'sessions' && name === 'status') return STATUS_SENTENCES[row.status as Exclude<SessionStatus, ''>];
  if (type === 'sessions' && name === 'status_note') return String(row.status_note);
  if (type === 'travel_times' && name === 'minutes') return `→ ${String(row.minutes)} min`;
  return FIELD_LABELS[type][name]!;
}

/** Another venue with no session that day, so that the session moved there clashes with none. */
function freeVenue(session: Row, sessions: Row[]): number | undefined {
  const day = String(session.starts_at).slice(0, 10);
  const busy = new Set(sessions.filter((s) => String(s.starts_at).startsWith(day)).map((s) => Number(s.venue_id)));
  return venueIds.find((id) => !busy.has(id));
}
let venueIds: number[] = [];

describe('the changelog names every field of every collection', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    venueIds = (await liveRows(server.db, 'venues')).map((v) => Number(v.id));
  }, 60_000);
  afterAll(() => server?.close());

  const cases = (Object.keys(COLLECTIONS) as RecordType[]).flatMap((type) =>
    recordFields(type)
      .filter((name) => !keyFields(type).includes(name))
      .map((name) => [type, name] as const),
  );

  it.each(cases)('%s: %s', async (type, name) => {
    const { db } = server;
    const rows = await liveRows(db, type);
    // A session with a status says its reason; the first one visitors see as planned otherwise.
    const record = type === 'sessions' && name === 'status_note' ? { ...rows[0]!, status: 'adiada' } : rows[0];
    expect(record, `a published ${type} to change`).toBeDefined();
    if (type === 'sessions' && name === 'status_note') {
      // Its status published first, so that only the reason changes below.
      await saveDraft(db, {
        type,
        id: recordId(type, record!),
        row: record!,
        version: (await currentVersion(db, type, recordId(type, record!))) + 1,
        changedFields: ['status'],
        actorEmail: admin.email,
        at: AT,
      });
      await publishDraft(db, admin, AT);
    }
    const id = recordId(type, record!);
    const changed = {
      ...record!,
      [name]:
        type === 'sessions' && name === 'venue_id'
          ? freeVenue(record!, rows)
          : await otherValue(server, fieldOf(type, name)!, record![name]),
    };
    expect(changed[name], `another value for ${type}.${name}`).not.toEqual(record![name]);
    await saveDraft(db, {
      type,
      id,
      row: changed,
      version: (await currentVersion(db, type, id)) + 1,
      changedFields: [name],
      actorEmail: admin.email,
      at: AT,
    });

    const venues = new Map((await liveRows(db, 'venues')).map((v) => [Number(v.id), String(v.name)]));
    const pending = await draftChangelog(db);
    expect(pending).toEqual([expect.stringContaining(saysField(type, name, changed, venues))]);
    const release = await publishDraft(db, admin, AT);
    expect(release.changelog).toEqual(pending);
  });
});
