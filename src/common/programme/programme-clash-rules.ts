/**
 * The programme's clash rules, one module for the schedule grid (which recomputes them in the
 * browser on every move) and the server (which refuses to publish a draft with a block clash that
 * nobody accepted). Pure and isomorphic: it reads what it is given and nothing else.
 *
 * Times are Lisbon wall-clock strings 'YYYY-MM-DDTHH:MM' and are compared as wall-clock minutes
 * (the festival never runs through a change of clock, and a session's length is what the
 * programmer reads on the grid, not an interval of UTC instants).
 *
 * A screening lasts its work's length, and ends when the public agenda says it does (`endsAt`:
 * DEFAULT_DURATION_MIN when the content gives no length, e.g. a parallel event); the venue then
 * needs its turnover (cleaning, the next audience coming in) before the next one starts.
 *
 * The rules and their severities:
 * - `sala` (block): two screenings overlap in one venue;
 * - `intervalo` (warning): two screenings in one venue leave less than the venue's turnover between them;
 * - `horario` (warning): a screening starts before the venue opens or ends after it closes;
 * - `convidado` (block): a guest attends two screenings at once;
 * - `viagem` (warning): a guest's two screenings are in two cities with less time between them
 *   than the journey takes (in one city no journey is counted; between cities with no known
 *   journey time, none is counted either);
 * - `filme` (warning): one film is shown twice at the same time (two venues: it needs two copies).
 * A block stops publishing until someone accepts it with a reason; a warning is only shown.
 * Cancelled sessions never clash. A festival day ends at 06:00 (FESTIVAL_DAY_ENDS_AT_HOUR): a
 * 01:30 screening belongs to the day before, and so do its venue's hours.
 */
import { FESTIVAL_DAY_ENDS_AT_HOUR, festivalDayOf } from '../time/festival-day';
import { journeyLookup, type Journey } from '../time/journeys';
import { durationOf, type WorkLength } from '../time/work-length';
import { clockTime, wallDate, wallMinutes, wallTimeOf } from '../time/lisbon-time';
import { spokenDay } from '../time/calendar-names';
import { isCancelled } from './session-status';
import { say } from './message-text';

export interface ClashSession extends WorkLength {
  id: number;
  movie_id: number;
  title: string;
  venue_id: number;
  starts_at: string;
  /** Names separated by commas ('' when nobody attends). */
  guest: string;
  status: string;
}

export interface ClashVenue {
  id: number;
  city_id: number;
  name: string;
  turnover_min: number;
  opens_at: string;
  closes_at: string;
}

export type ClashTravelTime = Journey<number>;

export type ClashKind = 'sala' | 'intervalo' | 'horario' | 'convidado' | 'viagem' | 'filme';
export type ClashSeverity = 'block' | 'warning';

export const CLASH_SEVERITY: Record<ClashKind, ClashSeverity> = {
  sala: 'block',
  intervalo: 'warning',
  horario: 'warning',
  convidado: 'block',
  viagem: 'warning',
  filme: 'warning',
};

/**
 * The programmer's desk's words (the back office's catalog, lingui.gestao.config.ts): each clash's
 * sentence, with the films, venues, days and times it names as values.
 */
const WORDS = {
  block: /*i18n*/ { id: 'gestao.clash.severity.block', message: 'Impede a publicação' },
  warning: /*i18n*/ { id: 'gestao.clash.severity.warning', message: 'Aviso' },
  venueNumber: /*i18n*/ { id: 'gestao.clash.venueNumber', message: 'sala {id}' },
  horario: /*i18n*/ {
    id: 'gestao.clash.horario',
    message: '{film} ({day}, {start}–{end}) fica fora do horário de {venue}, aberta das {opens} às {closes}.',
  },
  sala: /*i18n*/ {
    id: 'gestao.clash.sala',
    message: '{venue}, {when}: {filmA} ({startA}–{endA}) e {filmB} ({startB}–{endB}) sobrepõem-se.',
  },
  intervalo: /*i18n*/ {
    id: 'gestao.clash.intervalo',
    message: '{venue}, {when}: entre {filmA} (acaba às {endA}) e {filmB} (às {startB}) há {gap} min; a sala precisa de {turnover} min.',
  },
  places: /*i18n*/ { id: 'gestao.clash.places', message: '{filmA} às {startA} ({venueA}) e {filmB} às {startB} ({venueB})' },
  convidado: /*i18n*/ { id: 'gestao.clash.convidado', message: '{who}, {when}: não pode estar em dois sítios ao mesmo tempo: {places}.' },
  viagem: /*i18n*/ {
    id: 'gestao.clash.viagem',
    message: '{who}, {when}: não chega a tempo de uma cidade à outra ({minutes} min de viagem, {gap} min entre as sessões): {places}.',
  },
  filme: /*i18n*/ {
    id: 'gestao.clash.filme',
    message: '{film}, {when}: passa duas vezes ao mesmo tempo, às {startA} ({venueA}) e às {startB} ({venueB}).',
  },
};

export const SEVERITY_LABELS: Record<ClashSeverity, string> = { block: say(WORDS.block), warning: say(WORDS.warning) };

export interface Clash {
  /**
   * Stable while the sessions involved stay where they are: the kind and each session's id, venue
   * and start. An acceptance is kept by this key, so it lapses as soon as one of them moves.
   */
  key: string;
  kind: ClashKind;
  severity: ClashSeverity;
  sessionIds: number[];
  message: string;
}

export interface ClashInput {
  sessions: readonly ClashSession[];
  venues: readonly ClashVenue[];
  travelTimes: readonly ClashTravelTime[];
}

const MINUTES_PER_DAY = 24 * 60;

const clockMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * A venue's opening and closing on a festival day, in wall-clock minutes: a closing time at or
 * before the opening is the next morning (and so is an opening before the festival day begins).
 */
export function venueHours(venue: Pick<ClashVenue, 'opens_at' | 'closes_at'>, festivalDay: string): { opens: number; closes: number } {
  const dayStart = wallMinutes(`${festivalDay}T00:00`);
  let opens = clockMinutes(venue.opens_at);
  if (opens < FESTIVAL_DAY_ENDS_AT_HOUR * 60) opens += MINUTES_PER_DAY;
  let closes = clockMinutes(venue.closes_at);
  if (closes <= clockMinutes(venue.opens_at)) closes += MINUTES_PER_DAY;
  else if (opens >= MINUTES_PER_DAY) closes += MINUTES_PER_DAY;
  return { opens: dayStart + opens, closes: dayStart + closes };
}

/** The guests' names of a session, as written (compared without case or surrounding spaces). */
export const guestsOf = (session: Pick<ClashSession, 'guest'>) =>
  session.guest
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

interface Timed {
  session: ClashSession;
  venue: ClashVenue | undefined;
  start: number;
  end: number;
}

const hhmm = (minutes: number) => clockTime(wallTimeOf(minutes));
/** "quinta 2": the day as the programmers say it, in every clash's sentence. */
const dayOf = (wallTime: string) => spokenDay(wallDate(wallTime));
const film = (t: Timed) => `«${t.session.title}»`;
const venueName = (t: Timed) => t.venue?.name ?? say(WORDS.venueNumber, { id: t.session.venue_id });

function keyOf(kind: ClashKind, timed: readonly Timed[]): string {
  const parts = [...timed]
    .sort((a, b) => a.session.id - b.session.id)
    .map((t) => `${t.session.id}@${t.session.venue_id}@${t.session.starts_at}`);
  return `${kind}:${parts.join('+')}`;
}

function clash(kind: ClashKind, timed: readonly Timed[], message: string): Clash {
  return {
    key: keyOf(kind, timed),
    kind,
    severity: CLASH_SEVERITY[kind],
    sessionIds: timed.map((t) => t.session.id).sort((a, b) => a - b),
    message,
  };
}

/** Every clash of a programme, blocks first, then in the order of the sessions' starts. */
export function findClashes({ sessions, venues, travelTimes }: ClashInput): Clash[] {
  const venueById = new Map(venues.map((v) => [v.id, v]));
  const journey = journeyLookup(travelTimes);
  const timed: Timed[] = sessions
    .filter((s) => !isCancelled(s.status) && !Number.isNaN(wallMinutes(s.starts_at)))
    .map((session) => {
      const start = wallMinutes(session.starts_at);
      return { session, venue: venueById.get(session.venue_id), start, end: start + durationOf(session) };
    })
    .sort((a, b) => a.start - b.start || a.session.id - b.session.id);

  // How far after a screening's end another one can still clash with it (a turnover, a journey).
  const reach = Math.max(0, ...venues.map((v) => v.turnover_min), ...travelTimes.map((t) => t.minutes));
  const found: Clash[] = [];

  for (const t of timed) {
    if (!t.venue) continue;
    const { opens, closes } = venueHours(t.venue, festivalDayOf(t.session.starts_at));
    if (t.start < opens || t.end > closes) {
      found.push(
        clash(
          'horario',
          [t],
          say(WORDS.horario, {
            film: film(t),
            day: dayOf(t.session.starts_at),
            start: hhmm(t.start),
            end: hhmm(t.end),
            venue: venueName(t),
            opens: t.venue.opens_at,
            closes: t.venue.closes_at,
          }),
        ),
      );
    }
  }

  for (const [i, a] of timed.entries()) {
    for (const b of timed.slice(i + 1)) {
      if (b.start >= a.end + reach) break;
      const overlapping = b.start < a.end;
      const when = `${dayOf(a.session.starts_at)}`;
      if (a.session.venue_id === b.session.venue_id) {
        const turnover = a.venue?.turnover_min ?? 0;
        if (overlapping) {
          found.push(
            clash(
              'sala',
              [a, b],
              say(WORDS.sala, {
                venue: venueName(a),
                when,
                filmA: film(a),
                startA: hhmm(a.start),
                endA: hhmm(a.end),
                filmB: film(b),
                startB: hhmm(b.start),
                endB: hhmm(b.end),
              }),
            ),
          );
        } else if (b.start < a.end + turnover) {
          found.push(
            clash(
              'intervalo',
              [a, b],
              say(WORDS.intervalo, {
                venue: venueName(a),
                when,
                filmA: film(a),
                endA: hhmm(a.end),
                filmB: film(b),
                startB: hhmm(b.start),
                gap: b.start - a.end,
                turnover,
              }),
            ),
          );
        }
      }
      const aGuests = new Map(guestsOf(a.session).map((name) => [name.toLocaleLowerCase('pt-PT'), name]));
      const shared = guestsOf(b.session).filter((name) => aGuests.has(name.toLocaleLowerCase('pt-PT')));
      if (shared.length > 0) {
        const who = shared.join(', ');
        const places = say(WORDS.places, {
          filmA: film(a),
          startA: hhmm(a.start),
          venueA: venueName(a),
          filmB: film(b),
          startB: hhmm(b.start),
          venueB: venueName(b),
        });
        if (overlapping) {
          found.push(clash('convidado', [a, b], say(WORDS.convidado, { who, when, places })));
        } else if (a.venue && b.venue && a.venue.city_id !== b.venue.city_id) {
          const minutes = journey(a.venue.city_id, b.venue.city_id);
          if (minutes !== undefined && b.start - a.end < minutes) {
            found.push(clash('viagem', [a, b], say(WORDS.viagem, { who, when, minutes, gap: b.start - a.end, places })));
          }
        }
      }
      if (overlapping && a.session.movie_id === b.session.movie_id && a.session.venue_id !== b.session.venue_id) {
        found.push(
          clash(
            'filme',
            [a, b],
            say(WORDS.filme, {
              film: film(a),
              when,
              startA: hhmm(a.start),
              venueA: venueName(a),
              startB: hhmm(b.start),
              venueB: venueName(b),
            }),
          ),
        );
      }
    }
  }
  const blocksFirst = (c: Clash) => (c.severity === 'block' ? 0 : 1);
  return found
    .map((c, order) => ({ c, order }))
    .sort((x, y) => blocksFirst(x.c) - blocksFirst(y.c) || x.order - y.order)
    .map((x) => x.c);
}
