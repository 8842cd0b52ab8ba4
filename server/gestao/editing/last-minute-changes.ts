/**
 * Last-minute changes: one session's status (cancelled, sold out, moved, delayed…) changed from a
 * phone and published at once as a release of its own, every other draft left as it is. The
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
import { clockTime, lisbonDateTime } from '../../../src/common/time/lisbon-time';
import type { Db } from '../../db/database';
import { currentVersion, currentVersions, draft, liveRow, publishRecordChange } from '../../db/repositories/publishing/drafts-repository';
import {
  publishedSession,
  publishedSessionsBetween,
  publishedSessionStarts,
  publishedVenues,
  type PublishedSession,
} from '../../db/repositories/programme/last-minute-repository';
import { changedFields } from './changelog';
import { GestaoError } from './gestao-error';
import { readRecord, type Actor } from './records';
import { acceptOrRefuseClashesOf } from './draft-clashes';
import { publishChange } from './releases';
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
  const [starts, sessions, versions, venues] = await Promise.all([
    publishedSessionStarts(db),
    publishedSessionsBetween(db, festivalDayBounds(chosen).starts, festivalDayBounds(chosen).ends),
    currentVersions(db, 'sessions'),
    publishedVenues(db),
  ]);
  const days = [...new Set(starts.map((hour) => festivalDayOf(`${hour}:00`)))].sort();
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

/** The fields a last-minute change writes. */
const STATUS_FIELDS = ['status', 'status_note', 'venue_id', 'starts_at'];

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
    if (stored !== change.baseVersion) {
      throw new GestaoError(409, {
        message: 'Outra pessoa alterou esta sessão entretanto. Veja como está agora antes de mudar.',
        stored: await readRecord(trx, 'sessions', id),
      });
    }
    const live = await liveRow(trx, 'sessions', id);
    previous = await publishedSession(trx, sessionId);
    if (!live || !previous) throw new GestaoError(404, { message: 'Esta sessão não está publicada: altere-a no formulário.' });
    const venueId = change.venue_id ?? previous.venue_id;
    if (venueId !== previous.venue_id) {
      const venue = (await publishedVenues(trx)).find((v) => v.id === venueId);
      if (!venue) throw invalid('venue_id', 'Esta sala não existe.');
      if (venue.city_id !== previous.city_id) throw invalid('venue_id', 'Escolha uma sala da mesma cidade.');
    } else if (change.status === 'moved' && previous.status !== 'moved') throw invalid('venue_id', 'Escolha outra sala.');
    const startsAt = change.starts_at ?? previous.starts_at;
    if (change.status === 'delayed' && startsAt < previous.starts_at) {
      throw invalid('starts_at', `A nova hora tem de ser depois das ${clockTime(previous.starts_at)}.`);
    }
    // A status without a word has no reason to show.
    const changes = { status: change.status, status_note: change.status ? change.note : '', venue_id: venueId, starts_at: startsAt };
    const changed = changedFields(live, changes, STATUS_FIELDS);
    if (changed.length === 0) throw new GestaoError(400, { message: 'A sessão já está assim: nada mudou.' });
    const pending = await draft(trx, 'sessions', id);
    version = stored + 1;
    await publishRecordChange(trx, {
      type: 'sessions',
      id,
      live: { ...live, ...changes },
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
  });
  return {
    release: release.number,
    changelog: release.changelog,
    session: asListed(now!, version),
    previous: asListed(previous!, version - 1),
    acceptedClashes: accepted,
  };
}
