/**
 * Last-minute changes: one session's status (cancelled, sold out, moved, delayed…) or access
 * features (the interpreter who cannot come) changed from a phone and published at once as a release of its own, every other draft left as it is. The
 * session's version goes up like any save (a form open on it meets a 409), and a pending draft of
 * the same session takes the change too, so that publishing it later never undoes it.
 */
import { ValidationError } from 'yup';
import {
  mayChangeStatus,
  statusChangeSchema,
  type LastMinuteDay,
  type LastMinuteSession,
  type StatusChange,
  type StatusChangeResult,
} from '../../../src/common/gestao/last-minute';
import { festivalDayBounds, festivalDayOf } from '../../../src/common/time/festival-day';
import { addDays, clockTime, lisbonDateTime } from '../../../src/common/time/lisbon-time';
import { readSettings } from '../../db/repositories/content/settings-repository';
import type { Db } from '../../db/database';
import { currentVersion, currentVersions, draft, liveRow, publishRecordChange } from '../../db/repositories/publishing/drafts-repository';
import {
  publishedSession,
  publishedSessionsBetween,
  publishedSessionStarts,
  publishedVenues,
  type PublishedSession,
} from '../../db/repositories/programme/last-minute-repository';
import { changedFields } from '../../publishing/changelog';
import { GestaoError } from './gestao-error';
import { readRecord, type Actor } from './records';
import { acceptOrRefuseClashesOf, clashesOfSessionAt } from './draft-clashes';
import { publishChange } from './staff-releases';
import type { DraftClash } from '../../../src/common/programme/grid';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

const asListed = (s: PublishedSession, version: number): LastMinuteSession => ({
  ...s,
  id: String(s.id),
  version,
});

/** One festival day's published sessions (today's unless `day` names another), with what the screen offers. */
export async function lastMinuteDay(db: Db, now: Date, day: string | undefined): Promise<LastMinuteDay> {
  const today = festivalDayOf(lisbonDateTime(now));
  const chosen = day && DAY.test(day) ? day : today;
  const [starts, sessions, versions, venues, { festivalStart, festivalDays }] = await Promise.all([
    publishedSessionStarts(db),
    publishedSessionsBetween(db, festivalDayBounds(chosen).starts, festivalDayBounds(chosen).ends),
    currentVersions(db, 'sessions'),
    publishedVenues(db),
    readSettings(db),
  ]);
  // The festival's days, and any other a session is on: a session's new time may be on a day with nothing else yet.
  const festival = festivalStart ? Array.from({ length: festivalDays }, (_, i) => addDays(festivalStart, i)) : [];
  const days = [...new Set([...festival, ...starts.map((hour) => festivalDayOf(`${hour}:00`))])].sort();
  return { day: chosen, today, days, sessions: sessions.map((s) => asListed(s, versions.get(String(s.id)) ?? 0)), venues };
}

/** Validates with the screen's own schema: every message beside its field. */
function validated(body: unknown): StatusChange {
  try {
    return statusChangeSchema.validateSync(body, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors = Object.fromEntries(error.inner.map((e) => [e.path ?? '', e.message]));
    throw new GestaoError(400, { message: 'Há campos por corrigir.', errors });
  }
}

const invalid = (field: string, message: string) =>
  new GestaoError(400, { message: 'Há campos por corrigir.', errors: { [field]: message } });

/** The session was saved since the phone read it (409): the answer has it as it now is. */
const changedMeanwhile = async (db: Db, id: string) =>
  new GestaoError(409, {
    message: 'Outra pessoa alterou esta sessão entretanto. Veja como está agora antes de mudar.',
    stored: await readRecord(db, 'sessions', id),
  });

/**
 * The fields a change writes, from the session as published: refused (400, beside its field) for a
 * venue of another city, a move to the same venue, or a delay to an earlier time.
 */
async function plannedChange(db: Db, previous: PublishedSession, change: StatusChange) {
  const venueId = change.venue_id ?? previous.venue_id;
  if (venueId !== previous.venue_id) {
    const venue = (await publishedVenues(db)).find((v) => v.id === venueId);
    if (!venue) throw invalid('venue_id', 'Esta sala não existe.');
    if (venue.city_id !== previous.city_id) throw invalid('venue_id', 'Escolha uma sala da mesma cidade.');
  } else if (change.status === 'moved' && previous.status !== 'moved') throw invalid('venue_id', 'Escolha outra sala.');
  const startsAt = change.starts_at ?? previous.starts_at;
  if (change.status === 'delayed' && startsAt < previous.starts_at) {
    throw invalid('starts_at', `A nova hora tem de ser depois das ${clockTime(previous.starts_at)}.`);
  }
  // A status without a word has no reason to show. The access features change only when sent.
  return {
    status: change.status,
    status_note: change.status ? change.note : '',
    venue_id: venueId,
    starts_at: startsAt,
    ...(change.access_features === undefined ? {} : { access_features: change.access_features }),
  };
}

/**
 * What a change would clash with, before it is published (the phone shows it beside the new time,
 * with the reason to accept it): only the clashes the session takes part in at its new venue and
 * time, each with its acceptance. Nothing is written; the same refusals as the change itself.
 */
export async function statusChangeClashes(db: Db, id: string, body: unknown): Promise<{ clashes: DraftClash[] }> {
  const change = validated(body);
  const sessionId = Number(id);
  if (!Number.isSafeInteger(sessionId) || sessionId <= 0) throw new GestaoError(404, { message: 'Esta sessão não existe.' });
  if ((await currentVersion(db, 'sessions', id)) !== change.baseVersion) throw await changedMeanwhile(db, id);
  const previous = await publishedSession(db, sessionId);
  if (!previous) throw new GestaoError(404, { message: 'Esta sessão não está publicada: altere-a no formulário.' });
  const planned = await plannedChange(db, previous, change);
  return { clashes: await clashesOfSessionAt(db, sessionId, planned) };
}

/**
 * Changes one session's status and publishes it at once. From 'cancelled' to any other status is
 * the explicit restore ("Repor sessão"): the only write that brings a cancelled session back.
 */
export async function changeSessionStatus(db: Db, actor: Actor, at: string, id: string, body: unknown): Promise<StatusChangeResult> {
  if (!mayChangeStatus(actor.role)) throw new GestaoError(403, { message: 'O seu perfil não pode alterar o estado das sessões.' });
  const change = validated(body);
  const sessionId = Number(id);
  if (!Number.isSafeInteger(sessionId) || sessionId <= 0) throw new GestaoError(404, { message: 'Esta sessão não existe.' });
  let previous: PublishedSession | undefined;
  let now: PublishedSession | undefined;
  let version = 0;
  let accepted: DraftClash[] = [];
  const release = await publishChange(db, actor, at, async (trx, releaseNumber) => {
    const stored = await currentVersion(trx, 'sessions', id);
    if (stored !== change.baseVersion) throw await changedMeanwhile(trx, id);
    const live = await liveRow(trx, 'sessions', id);
    previous = await publishedSession(trx, sessionId);
    if (!live || !previous) throw new GestaoError(404, { message: 'Esta sessão não está publicada: altere-a no formulário.' });
    const changes = await plannedChange(trx, previous, change);
    const { venue_id: venueId, starts_at: startsAt } = changes;
    const changed = changedFields(live, changes, Object.keys(changes));
    if (changed.length === 0) throw new GestaoError(400, { message: 'A sessão já está assim: nada mudou.' });
    const pending = await draft(trx, 'sessions', id);
    version = stored + 1;
    const published = { ...live, ...changes };
    await publishRecordChange(trx, {
      type: 'sessions',
      id,
      live: published,
      draftRow: pending?.row ? { ...pending.row, ...changes } : undefined,
      version,
      changedFields: changed,
      actorEmail: actor.email,
      at,
      releaseNumber,
    });
    now = await publishedSession(trx, sessionId);
    // A move or a delay may land on another session: the clash rules of the grid and of publishing apply.
    if (venueId !== previous.venue_id || startsAt !== previous.starts_at)
      accepted = await acceptOrRefuseClashesOf(trx, actor, at, sessionId, change.clash_reason);
    return [{ record_type: 'sessions', record_id: id, row: published }];
  });
  return {
    release: release.number,
    changelog: release.changelog,
    session: asListed(now!, version),
    previous: asListed(previous!, version - 1),
    acceptedClashes: accepted,
  };
}
