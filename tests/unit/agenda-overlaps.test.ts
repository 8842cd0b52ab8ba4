/** The agenda's clash rules: overlaps by duration, journeys between cities, changing venues in one city. */
import { describe, expect, it } from 'vitest';
import type { AgendaSession, TravelTime } from '../../src/common/api/api-types';
import { alternativeSession, clashesToSay, clashMessage, findClashes, VENUE_CHANGE_MIN } from '../../src/agenda/agenda-overlaps';
import { FOLLOWS_NOTHING } from '../../src/common/programme/session-access';

const CITIES = { '1': 'Lisboa', '2': 'Porto', '3': 'Coimbra', '4': 'Setúbal' } as const;
const VENUES: Record<string, keyof typeof CITIES> = { '1': '1', '2': '1', '5': '2', '8': '3', '10': '4' };

let nextId = 1;
function session(startsAt: string, venueId: keyof typeof VENUES, durationMin = 100, title = `Filme ${nextId}`): AgendaSession {
  const cityId = VENUES[venueId]!;
  const id = String(nextId++);
  return {
    id,
    work_id: String(100 + Number(id)),
    ismovie: '1',
    title,
    starts_at: startsAt,
    venue_id: venueId,
    venue_name: `Sala ${venueId}`,
    venue_address: '',
    city_id: cityId,
    city_name: CITIES[cityId],
    duration_min: durationMin,
    status: '',
    status_note: '',
    follow: FOLLOWS_NOTHING,
    version: 'v1',
    sequence: 0,
  };
}

const TRAVEL: TravelTime[] = [
  { from_city_id: '1', to_city_id: '2', minutes: 180 },
  { from_city_id: '4', to_city_id: '1', minutes: 60 },
];

const kinds = (clashes: ReturnType<typeof findClashes>, s: AgendaSession) => (clashes.get(s.id) ?? []).map((c) => c.kind);

describe('overlapping sessions', () => {
  it('flags both when one starts before the other ends (by the film’s duration)', () => {
    const a = session('2026-04-05T21:00', '1', 110);
    const b = session('2026-04-05T22:30', '2', 90);
    const clashes = findClashes([b, a], TRAVEL);
    expect(kinds(clashes, a)).toEqual(['overlap']);
    expect(kinds(clashes, b)).toEqual(['overlap']);
    expect(clashes.get(a.id)![0]!.other.id).toBe(b.id);
    expect(clashMessage(a, clashes.get(a.id)![0]!)).toContain('Sobrepõe-se a «');
  });

  it('does not flag a session that starts exactly when the other ends, in the same venue', () => {
    const a = session('2026-04-05T19:00', '1', 120);
    const b = session('2026-04-05T21:00', '1', 90);
    expect(findClashes([a, b], TRAVEL).size).toBe(0);
  });

  it('uses each session’s own duration: a short film leaves room that a long one does not', () => {
    const short = session('2026-04-05T18:00', '1', 80);
    const long = session('2026-04-06T18:00', '1', 150);
    const after = session('2026-04-05T19:30', '1');
    const afterLong = session('2026-04-06T19:30', '1');
    const clashes = findClashes([short, long, after, afterLong], TRAVEL);
    expect(kinds(clashes, after)).toEqual([]);
    expect(kinds(clashes, afterLong)).toEqual(['overlap']);
  });
});

describe('sessions in two cities', () => {
  it('flags both when the journey takes longer than the time between them', () => {
    const lisbon = session('2026-04-05T15:00', '1', 100); // ends 16:40
    const porto = session('2026-04-05T19:00', '5'); // 2 h 20 later; the journey takes 3 h
    const clashes = findClashes([lisbon, porto], TRAVEL);
    expect(kinds(clashes, lisbon)).toEqual(['travel']);
    expect(kinds(clashes, porto)).toEqual(['travel']);
    expect(clashes.get(lisbon.id)![0]).toMatchObject({ gap: 140, needed: 180 });
    expect(clashMessage(porto, clashes.get(porto.id)![0]!)).toBe(
      `Sem tempo para viajar entre Porto e Lisboa: a viagem leva 3 h e só há 2 h 20 min depois de «${lisbon.title}» (15:00, Sala 1).`,
    );
  });

  it('does not flag them when there is time to travel, whichever way the table lists the pair', () => {
    const lisbon = session('2026-04-05T11:00', '1', 100); // ends 12:40
    const porto = session('2026-04-05T16:00', '5');
    const setubal = session('2026-04-06T10:00', '10', 90); // ends 11:30
    const backInLisbon = session('2026-04-06T12:30', '2');
    expect(findClashes([lisbon, porto, setubal, backInLisbon], TRAVEL).size).toBe(0);
  });

  it('flags two cities on the same day when the table has no journey between them, and not on other days', () => {
    const porto = session('2026-04-05T10:00', '5', 90);
    const coimbra = session('2026-04-05T22:00', '8');
    const coimbraNextDay = session('2026-04-07T22:00', '8');
    const clashes = findClashes([porto, coimbra, coimbraNextDay], TRAVEL);
    expect(clashes.get(porto.id)!.map((c) => [c.kind, c.other.id, c.needed])).toEqual([['travel', coimbra.id, null]]);
    expect(kinds(clashes, coimbraNextDay)).toEqual([]);
  });
});

describe('two venues of one city', () => {
  it(`flags sessions less than ${VENUE_CHANGE_MIN} minutes apart at different venues, not at the same venue`, () => {
    const first = session('2026-04-05T18:00', '1', 100); // ends 19:40
    const otherVenue = session('2026-04-05T20:00', '2'); // 20 minutes to change venue
    const sameVenue = session('2026-04-06T18:00', '1', 100);
    const sameVenueNext = session('2026-04-06T19:50', '1');
    const clashes = findClashes([first, otherVenue, sameVenue, sameVenueNext], TRAVEL);
    expect(kinds(clashes, first)).toEqual(['venue']);
    expect(kinds(clashes, otherVenue)).toEqual(['venue']);
    expect(kinds(clashes, sameVenue)).toEqual([]);
    expect(clashMessage(first, clashes.get(first.id)![0]!)).toMatch(/^Menos de 30 minutos para mudar de sala: 20 min/);
  });

  it(`does not flag them with ${VENUE_CHANGE_MIN} minutes or more between them`, () => {
    const first = session('2026-04-05T18:00', '1', 100);
    const later = session('2026-04-05T20:10', '2');
    expect(findClashes([first, later], TRAVEL).size).toBe(0);
  });
});

describe('a clash as the agenda says it', () => {
  const lisbon = session('2026-04-07T16:00', '1');
  const porto = session('2026-04-07T19:30', '5');
  const portoSameEvening = { ...session('2026-04-07T20:00', '5'), work_id: porto.work_id };
  const portoLater = { ...session('2026-04-08T21:00', '5'), work_id: porto.work_id };

  it('is said once, under the later session', () => {
    const clashes = findClashes([lisbon, porto], TRAVEL);
    expect(clashesToSay(lisbon, clashes.get(lisbon.id)!)).toEqual([]);
    expect(clashesToSay(porto, clashes.get(porto.id)!).map((c) => c.other.id)).toEqual([lisbon.id]);
  });

  it('offers the soonest other session of the same work that clashes with nothing, never one gone by or already kept', () => {
    const all = [lisbon, porto, portoSameEvening, portoLater];
    expect(alternativeSession(porto, [lisbon, porto], all, TRAVEL, '2026-04-07T10:00')?.id).toBe(portoLater.id);
    expect(alternativeSession(porto, [lisbon, porto], all, TRAVEL, '2026-04-08T22:00')).toBeNull();
    expect(alternativeSession(porto, [lisbon, porto, portoLater], all, TRAVEL, null)).toBeNull();
  });
});
