/**
 * The agenda's clash rules, as a festival-goer plans a week across four cities:
 * - two sessions that overlap (each ends at endsAt: its work's length, or the default) clash, both ways;
 * - sessions in two cities clash when the time between the end of one and the start of the next
 *   is shorter than the journey between the cities (the content's travel-time table); two cities
 *   with no journey time in the table clash when both sessions are on the same day;
 * - sessions at two venues of one city clash when there are less than 30 minutes between them.
 */
import type { AgendaSession, TravelTime } from '../common/api/api-types';
import { journeyLookup } from '../common/time/journeys';
import { endsAt } from '../common/time/work-length';
import { clockTime, formatMinutes, wallDate, wallMinutes } from '../common/time/lisbon-time';
import type { I18n } from '../common/i18n/i18n';
import { say } from '../common/programme/message-text';

/** Time to leave one venue and reach another in the same city. */
export const VENUE_CHANGE_MIN = 30;

type ClashKind = 'overlap' | 'travel' | 'venue';

export interface Clash {
  kind: ClashKind;
  /** The other session of the pair. */
  other: AgendaSession;
  /** Minutes between the end of the earlier session and the start of the later (negative: they overlap). */
  gap: number;
  /** Minutes needed to get from one to the other (travel and venue clashes); null when the table has no journey time. */
  needed: number | null;
}

const byStart = (a: AgendaSession, b: AgendaSession) =>
  a.starts_at < b.starts_at ? -1 : a.starts_at > b.starts_at ? 1 : Number(a.id) - Number(b.id);

/** The clash of two sessions (`first` starts no later than `second`), or null when both can be seen. */
function clashOf(
  first: AgendaSession,
  second: AgendaSession,
  travel: ReturnType<typeof journeyLookup<string>>,
): Omit<Clash, 'other'> | null {
  const gap = wallMinutes(second.starts_at) - wallMinutes(endsAt(first));
  if (gap < 0) return { kind: 'overlap', gap, needed: null };
  if (first.city_id !== second.city_id) {
    const needed = travel(first.city_id, second.city_id);
    if (needed === undefined)
      return wallDate(first.starts_at) === wallDate(second.starts_at) ? { kind: 'travel', gap, needed: null } : null;
    return gap < needed ? { kind: 'travel', gap, needed } : null;
  }
  if (first.venue_id !== second.venue_id && gap < VENUE_CHANGE_MIN) return { kind: 'venue', gap, needed: VENUE_CHANGE_MIN };
  return null;
}

/** Every clash of every session, by session id (a session without clashes has no entry). */
export function findClashes(sessions: AgendaSession[], travelTimes: TravelTime[]): Map<string, Clash[]> {
  const travel = journeyLookup(travelTimes);
  const sorted = [...sessions].sort(byStart);
  const clashes = new Map<string, Clash[]>();
  const note = (session: AgendaSession, clash: Clash) => clashes.set(session.id, [...(clashes.get(session.id) ?? []), clash]);
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length; j++) {
      const first = sorted[i]!;
      const second = sorted[j]!;
      // Sorted by start: once the next start is more than a day after this one ends, nothing later clashes with it.
      if (wallMinutes(second.starts_at) - wallMinutes(endsAt(first)) > 24 * 60) break;
      const clash = clashOf(first, second, travel);
      if (!clash) continue;
      note(first, { ...clash, other: second });
      note(second, { ...clash, other: first });
    }
  }
  return clashes;
}

/** What a clash says beside a session; `other` is the other session: «Title» (18:00, Cinema Ideal). */
const CLASH_MESSAGES = {
  other: /*i18n*/ { id: 'agenda.clash.other', message: '«{title}» ({time}, {venue})' },
  overlap: /*i18n*/ { id: 'agenda.clash.overlap', message: 'Sobrepõe-se a {other}.' },
  venue: /*i18n*/ {
    id: 'agenda.clash.venue',
    message: 'Menos de {minutes} minutos para mudar de sala: {gap} entre esta sessão e {other}.',
  },
  unknownJourney: /*i18n*/ {
    id: 'agenda.clash.unknownJourney',
    message: 'Sem tempo de viagem conhecido entre {city} e {otherCity}, no mesmo dia que {other}.',
  },
  journeyBefore: /*i18n*/ {
    id: 'agenda.clash.journeyAfterOther',
    message: 'Sem tempo para viajar entre {city} e {otherCity}: a viagem leva {needed} e só há {gap} depois de {other}.',
  },
  journeyAfter: /*i18n*/ {
    id: 'agenda.clash.journeyBeforeOther',
    message: 'Sem tempo para viajar entre {city} e {otherCity}: a viagem leva {needed} e só há {gap} antes de {other}.',
  },
};

/** What a clash says beside a session, in the page's language (`i18n`; pt-PT without one). */
export function clashMessage(session: AgendaSession, clash: Clash, i18n?: I18n): string {
  const other = say(
    CLASH_MESSAGES.other,
    { title: clash.other.title, time: clockTime(clash.other.starts_at), venue: clash.other.venue_name },
    i18n,
  );
  if (clash.kind === 'overlap') return say(CLASH_MESSAGES.overlap, { other }, i18n);
  if (clash.kind === 'venue') {
    return say(CLASH_MESSAGES.venue, { minutes: VENUE_CHANGE_MIN, gap: formatMinutes(clash.gap), other }, i18n);
  }
  const cities = { city: session.city_name, otherCity: clash.other.city_name };
  if (clash.needed === null) return say(CLASH_MESSAGES.unknownJourney, { ...cities, other }, i18n);
  const journey = { ...cities, needed: formatMinutes(clash.needed), gap: formatMinutes(clash.gap), other };
  return say(byStart(clash.other, session) < 0 ? CLASH_MESSAGES.journeyBefore : CLASH_MESSAGES.journeyAfter, journey, i18n);
}

/**
 * The clashes said beside a session: each pair once, under its later session, so the message
 * reads in the order the visitor lives it ("…depois de «Maré Baixa»").
 */
export function clashesToSay(session: AgendaSession, clashes: Clash[]): Clash[] {
  return clashes.filter((clash) => byStart(clash.other, session) < 0);
}

/**
 * Another session of the same work that fits the agenda: not over (by `now`), not already in it,
 * and clashing with none of the agenda's other sessions. The soonest such, or null.
 */
export function alternativeSession(
  session: AgendaSession,
  agenda: AgendaSession[],
  allSessions: AgendaSession[],
  travelTimes: TravelTime[],
  now: string | null,
): AgendaSession | null {
  const inAgenda = new Set(agenda.map((s) => s.id));
  const others = agenda.filter((s) => s.id !== session.id);
  const candidates = allSessions
    .filter((s) => s.work_id === session.work_id && !inAgenda.has(s.id) && (now === null || s.starts_at > now))
    .sort(byStart);
  return candidates.find((candidate) => !findClashes([...others, candidate], travelTimes).has(candidate.id)) ?? null;
}
