/** The programme's clash rules, shared by the schedule grid and the server's publishing. */
import { describe, expect, it } from 'vitest';
import { festivalDayOf } from '../../src/common/time/festival-day';
import { DEFAULT_DURATION_MIN } from '../../src/common/time/work-length';
import { wallMinutes } from '../../src/common/time/lisbon-time';
import { findClashes, venueHours, type ClashSession, type ClashVenue } from '../../src/common/programme/programme-clash-rules';

const VENUES: ClashVenue[] = [
  { id: 1, city_id: 1, name: 'Cinema São Jorge', turnover_min: 15, opens_at: '10:00', closes_at: '02:00' },
  { id: 2, city_id: 1, name: 'Cinemateca Portuguesa', turnover_min: 10, opens_at: '11:00', closes_at: '01:00' },
  { id: 5, city_id: 2, name: 'Teatro Rivoli', turnover_min: 15, opens_at: '10:00', closes_at: '23:30' },
  { id: 8, city_id: 3, name: 'Teatro Gil Vicente', turnover_min: 15, opens_at: '10:00', closes_at: '02:00' },
];
const TRAVEL = [
  { from_city_id: 2, to_city_id: 1, minutes: 180 },
  { from_city_id: 1, to_city_id: 4, minutes: 60 },
];

let nextId = 1;
function session(starts_at: string, venue_id: number, more: Partial<ClashSession> = {}): ClashSession {
  const id = nextId++;
  return { id, movie_id: 100 + id, title: `Filme ${id}`, duration_min: 100, venue_id, starts_at, guest: '', status: '', ...more };
}
const clashesOf = (...sessions: ClashSession[]) => findClashes({ sessions, venues: VENUES, travelTimes: TRAVEL });

describe('one venue', () => {
  it('blocks two screenings that overlap, naming both films, the venue and the times', () => {
    const a = session('2026-04-02T21:00', 1, { title: 'O Verão de Ada' });
    const b = session('2026-04-02T22:30', 1, { title: 'Terra Queimada' });
    const [clash, ...rest] = clashesOf(a, b);
    expect(rest).toEqual([]);
    expect(clash).toMatchObject({ kind: 'sala', severity: 'block', sessionIds: [a.id, b.id] });
    expect(clash!.message).toBe(
      'Cinema São Jorge, quinta 2: «O Verão de Ada» (21:00–22:40) e «Terra Queimada» (22:30–00:10) sobrepõem-se.',
    );
  });

  it('warns when only the turnover overlaps, and says nothing once it is respected', () => {
    const a = session('2026-04-02T18:00', 1);
    const b = session('2026-04-02T19:50', 1);
    expect(clashesOf(a, b)).toMatchObject([{ kind: 'intervalo', severity: 'warning' }]);
    expect(clashesOf(a, b)[0]!.message).toContain('há 10 min; a sala precisa de 15 min');
    expect(clashesOf(a, session('2026-04-02T19:55', 1))).toEqual([]);
  });

  it('counts an unknown length as the default, as the public agenda does', () => {
    const a = session('2026-04-02T18:00', 1, { duration_min: null });
    expect(DEFAULT_DURATION_MIN).toBe(60);
    expect(clashesOf(a, session('2026-04-02T19:10', 1))[0]).toMatchObject({ kind: 'intervalo' });
    expect(clashesOf(a, session('2026-04-02T18:55', 1))[0]).toMatchObject({ kind: 'sala' });
  });

  it('never counts a cancelled session', () => {
    const a = session('2026-04-02T21:00', 1, { status: 'cancelled' });
    expect(clashesOf(a, session('2026-04-02T21:30', 1))).toEqual([]);
  });
});

describe("a venue's opening hours", () => {
  it('warns about a screening before the venue opens or ending after it closes', () => {
    expect(clashesOf(session('2026-04-02T10:30', 2))).toMatchObject([{ kind: 'horario', severity: 'warning' }]);
    const late = session('2026-04-02T22:00', 5, { title: 'Neve em Agosto' });
    expect(clashesOf(late)[0]!.message).toBe(
      '«Neve em Agosto» (quinta 2, 22:00–23:40) fica fora do horário de Teatro Rivoli, aberta das 10:00 às 23:30.',
    );
  });

  it('reads a closing time before the opening as after midnight, within the festival day that ends at 06:00', () => {
    // 00:30 on the 3rd is the night of the 2nd; the São Jorge closes at 02:00 that night.
    expect(festivalDayOf('2026-04-03T00:30')).toBe('2026-04-02');
    expect(festivalDayOf('2026-04-03T06:00')).toBe('2026-04-03');
    const hours = venueHours(VENUES[0]!, '2026-04-02');
    expect(hours.closes - hours.opens).toBe(16 * 60);
    expect(clashesOf(session('2026-04-03T00:10', 1, { duration_min: 100 }))).toEqual([]);
    expect(clashesOf(session('2026-04-03T00:30', 1, { duration_min: 100 }))).toMatchObject([{ kind: 'horario' }]);
  });
});

describe('guests', () => {
  it('blocks a guest in two places at once (names compared without case or spaces)', () => {
    const a = session('2026-04-02T21:00', 1, { guest: 'Noemi Pace, Luca Rossi' });
    const b = session('2026-04-02T21:30', 2, { guest: ' noemi pace' });
    const clashes = clashesOf(a, b);
    expect(clashes).toMatchObject([{ kind: 'convidado', severity: 'block' }]);
    expect(clashes[0]!.message).toContain('não pode estar em dois sítios ao mesmo tempo');
  });

  it('warns when the journey between two cities does not fit between the sessions (either order of the pair)', () => {
    const lisbon = session('2026-04-02T14:00', 1, { guest: 'Noemi Pace' });
    const porto = session('2026-04-02T17:00', 5, { guest: 'Noemi Pace' });
    const clashes = clashesOf(lisbon, porto);
    expect(clashes).toMatchObject([{ kind: 'viagem', severity: 'warning' }]);
    expect(clashes[0]!.message).toContain('180 min de viagem, 80 min entre as sessões');
    expect(clashesOf(lisbon, session('2026-04-02T19:00', 5, { guest: 'Noemi Pace' }))).toEqual([]);
  });

  it('needs no journey in one city, nor between cities whose journey nobody wrote down', () => {
    const a = session('2026-04-02T14:00', 1, { guest: 'Noemi Pace' });
    expect(clashesOf(a, session('2026-04-02T15:45', 2, { guest: 'Noemi Pace' }))).toEqual([]);
    expect(clashesOf(a, session('2026-04-02T15:45', 8, { guest: 'Noemi Pace' }))).toEqual([]);
  });
});

describe('one film', () => {
  it('warns when a film is shown twice at the same time in two venues', () => {
    const a = session('2026-04-02T21:00', 1, { movie_id: 7, title: 'Neve em Agosto' });
    const b = session('2026-04-02T21:30', 5, { movie_id: 7, title: 'Neve em Agosto' });
    expect(clashesOf(a, b)).toMatchObject([{ kind: 'filme', severity: 'warning', sessionIds: [a.id, b.id] }]);
  });
});

describe('the key an acceptance is kept by', () => {
  it('names the sessions with their venues and starts, and changes when one of them moves', () => {
    const a = session('2026-04-02T21:00', 1);
    const b = session('2026-04-02T22:00', 1);
    const key = clashesOf(a, b)[0]!.key;
    expect(key).toBe(`sala:${a.id}@1@2026-04-02T21:00+${b.id}@1@2026-04-02T22:00`);
    expect(clashesOf(b, a)[0]!.key).toBe(key);
    expect(clashesOf(a, { ...b, starts_at: '2026-04-02T22:05' })[0]!.key).not.toBe(key);
  });

  it('lists blocks before warnings', () => {
    const clashes = clashesOf(session('2026-04-02T10:30', 2), session('2026-04-02T21:00', 1), session('2026-04-02T21:30', 1));
    expect(clashes.map((c) => c.severity)).toEqual(['block', 'warning']);
  });
});

it('reads wall-clock minutes, and nothing else', () => {
  expect(wallMinutes('2026-04-03T00:30') - wallMinutes('2026-04-02T23:30')).toBe(60);
  expect(wallMinutes('amanhã')).toBeNaN();
});
