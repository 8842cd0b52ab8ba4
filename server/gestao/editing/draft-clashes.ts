/**
 * The programme as the draft would publish it (published rows with every staff member's unpublished
 * drafts applied, read row by row, never through the in-memory preview), its clashes by the one
 * rule module the grid also runs (src/common/programme/programme-clash-rules.ts), and the acceptances that let a
 * block clash be published. Publishing refuses a draft with a block clash nobody accepted.
 */
import { ValidationError } from 'yup';
import { festivalDayOf } from '../../../src/common/time/festival-day';
import { findClashes, type Clash, type ClashInput } from '../../../src/common/programme/programme-clash-rules';
import { clashAcceptanceSchema } from '../../../src/common/programme/clash-acceptance';
import type { DraftClash, GridAnswer, GridSession, GridVenue } from '../../../src/common/programme/grid';
import { resolveFollow } from '../../../src/common/programme/session-access';
import { addDays, lisbonDateTime } from '../../clock';
import type { Db } from '../../db/database';
import { acceptClash, listClashAcceptances } from '../../db/repositories/programme/clash-acceptances-repository';
import { currentVersions, draftedRows, type Row } from '../../db/repositories/publishing/drafts-repository';
import { latestRelease } from '../../db/repositories/publishing/releases-repository';
import { readSettings } from '../../db/repositories/content/settings-repository';
import { GestaoError } from './gestao-error';
import type { Actor } from './records';

const num = (value: unknown) => Number(value);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const followFieldsOf = (row: Row) => ({
  spoken_languages: text(row.spoken_languages),
  subtitle_languages: text(row.subtitle_languages),
  age_rating: text(row.age_rating),
  access_features: text(row.access_features),
});

type DraftSession = Omit<GridSession, 'version'>;

interface DraftProgramme extends ClashInput {
  sessions: DraftSession[];
  venues: GridVenue[];
  cities: { id: number; name: string; position: number }[];
}

/** The draft's sessions, venues, cities and journeys (with only the drafts named in `only`, when given), typed for the clash rules. */
async function draftProgramme(db: Db, only?: ReadonlySet<string>): Promise<DraftProgramme> {
  const [sessions, venues, movies, cities, travel] = await Promise.all([
    draftedRows(db, 'sessions', only),
    draftedRows(db, 'venues', only),
    draftedRows(db, 'movies', only),
    draftedRows(db, 'cities', only),
    draftedRows(db, 'travel_times', only),
  ]);
  const films = new Map(movies.map((m) => [num(m.id), m]));
  return {
    sessions: sessions.map((s: Row) => {
      const movie = films.get(num(s.movie_id));
      const duration = movie?.duration_min;
      return {
        id: num(s.id),
        movie_id: num(s.movie_id),
        title: text(movie?.title),
        duration_min: duration === null || duration === undefined ? null : num(duration),
        venue_id: num(s.venue_id),
        starts_at: text(s.starts_at),
        guest: text(s.guest),
        status: text(s.status),
        status_note: text(s.status_note),
        code: text(s.code),
        follow: resolveFollow(followFieldsOf(s), followFieldsOf(movie ?? {})),
      };
    }),
    venues: venues.map((v) => ({
      id: num(v.id),
      city_id: num(v.city_id),
      name: text(v.name),
      address: text(v.address),
      turnover_min: num(v.turnover_min),
      opens_at: text(v.opens_at),
      closes_at: text(v.closes_at),
    })),
    cities: cities
      .map((c) => ({ id: num(c.id), name: text(c.name), position: num(c.position) }))
      .sort((a, b) => a.position - b.position || a.id - b.id),
    travelTimes: travel.map((t) => ({ from_city_id: num(t.from_city_id), to_city_id: num(t.to_city_id), minutes: num(t.minutes) })),
  };
}

async function withAcceptances(db: Db, clashes: Clash[]): Promise<DraftClash[]> {
  const accepted = new Map((await listClashAcceptances(db)).map((a) => [a.key, a]));
  return clashes.map((c) => ({ ...c, acceptance: accepted.get(c.key) ?? null }));
}

/** Every clash of the draft (or of the drafts named in `only`), with its acceptance (GET /gestao/api/clashes, the publish screen). */
export async function draftClashes(db: Db, only?: ReadonlySet<string>): Promise<DraftClash[]> {
  return withAcceptances(db, findClashes(await draftProgramme(db, only)));
}

/**
 * The clashes one session would take part in at another venue, time or status (the phone's check
 * before a last-minute change is published), each with its acceptance: the rest of the draft's
 * clashes, about other sessions, are not this change's.
 */
export async function clashesOfSessionAt(
  db: Db,
  sessionId: number,
  at: { venue_id: number; starts_at: string; status: string },
): Promise<DraftClash[]> {
  const programme = await draftProgramme(db);
  const sessions = programme.sessions.map((s) => (s.id === sessionId ? { ...s, ...at } : s));
  return (await withAcceptances(db, findClashes({ ...programme, sessions }))).filter((c) => c.sessionIds.includes(sessionId));
}

/** The schedule grid of one city (the first one when `cityId` is not one of them). */
export async function programmeGrid(db: Db, cityId: number | undefined, now: Date): Promise<GridAnswer> {
  const [programme, versions] = await Promise.all([draftProgramme(db), currentVersions(db, 'sessions')]);
  const city = programme.cities.find((c) => c.id === cityId) ?? programme.cities[0];
  if (!city) throw new GestaoError(404, { message: 'Ainda não há cidades.' });
  const venues = programme.venues.filter((v) => v.city_id === city.id).sort((a, b) => a.id - b.id);
  const here = new Set(venues.map((v) => v.id));
  const clashes = await withAcceptances(db, findClashes(programme));
  const { festivalStart, festivalDays } = await readSettings(db);
  const days = new Set(festivalStart ? Array.from({ length: festivalDays }, (_, i) => addDays(festivalStart, i)) : []);
  for (const s of programme.sessions) if (here.has(s.venue_id)) days.add(festivalDayOf(s.starts_at));
  const acceptances = await listClashAcceptances(db);
  const release = await latestRelease(db);
  const withVersion = (list: DraftSession[]) =>
    list
      .sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.id - b.id)
      .map((session) => ({ ...session, version: versions.get(String(session.id)) ?? 0 }));
  return {
    cities: programme.cities.map(({ id, name }) => ({ id, name })),
    city: city.id,
    venues,
    days: [...days].sort(),
    release: release?.number ?? null,
    today: festivalDayOf(lisbonDateTime(now)),
    sessions: withVersion(programme.sessions.filter((s) => here.has(s.venue_id))),
    travelTimes: programme.travelTimes,
    clashes,
    acceptances,
    elsewhere: {
      venues: programme.venues.filter((v) => v.city_id !== city.id),
      sessions: withVersion(programme.sessions.filter((s) => !here.has(s.venue_id))),
    },
  };
}

/** Accepts one of the draft's current clashes with a reason (validated by the form's own schema). */
export async function acceptDraftClash(db: Db, actor: Actor, at: string, body: unknown): Promise<DraftClash> {
  let input: { key: string; reason: string };
  try {
    input = clashAcceptanceSchema.validateSync(body, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    // The first message of each field, as the form shows it (an empty reason is also too short).
    const errors: Record<string, string> = {};
    for (const e of error.inner) errors[e.path ?? ''] ??= e.message;
    throw new GestaoError(400, { message: 'Há campos por corrigir.', errors });
  }
  const clash = (await draftClashes(db)).find((c) => c.key === input.key);
  // The sessions moved since the list was read: the clash is gone, or is another one now.
  if (!clash)
    throw new GestaoError(409, { message: 'Este conflito já não existe: uma das sessões mudou entretanto. Veja a lista de novo.' });
  const acceptance = { key: clash.key, reason: input.reason, acceptedBy: actor.email, acceptedAt: at };
  await acceptClash(db, acceptance);
  return { ...clash, acceptance };
}

/**
 * Refuses to publish while the draft has a block clash that nobody accepted, naming each one
 * (run inside the publishing transaction, on the drafts it is about to apply: `only` those chosen,
 * since the others stay drafts and the programme visitors see is the live one with these applied).
 */
export async function requireNoBlockClash(db: Db, only?: ReadonlySet<string>): Promise<void> {
  const open = (await draftClashes(db, only)).filter((c) => c.severity === 'block' && !c.acceptance);
  if (open.length === 0) return;
  const count = open.length === 1 ? 'um conflito' : `${open.length} conflitos`;
  throw new GestaoError(409, {
    message: `O programa tem ${count} por resolver ou aceitar com motivo: ${open.map((c) => c.message).join(' ')}`,
    clashes: open,
  });
}

/**
 * A last-minute move (inside its release's transaction, after the change is written): refuses it
 * while it makes a block clash with this session that nobody accepted, unless a reason comes with
 * it; then each such clash is accepted with that reason (the caller audits them).
 */
export async function acceptOrRefuseClashesOf(
  db: Db,
  actor: Actor,
  at: string,
  sessionId: number,
  reason: string | undefined,
): Promise<DraftClash[]> {
  const open = (await draftClashes(db)).filter((c) => c.severity === 'block' && !c.acceptance && c.sessionIds.includes(sessionId));
  if (open.length === 0) return [];
  if (!reason) {
    const count = open.length === 1 ? 'um conflito' : `${open.length} conflitos`;
    throw new GestaoError(409, {
      message: `Esta mudança cria ${count}: ${open.map((c) => c.message).join(' ')} Escolha outra hora ou sala, ou aceite com um motivo.`,
      clashes: open,
    });
  }
  for (const clash of open) await acceptClash(db, { key: clash.key, reason, acceptedBy: actor.email, acceptedAt: at });
  return open.map((clash) => ({ ...clash, acceptance: { key: clash.key, reason, acceptedBy: actor.email, acceptedAt: at } }));
}
