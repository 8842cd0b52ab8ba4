/**
 * The programme opens on today: a city programme holds the days from today on, with the events
 * already begun counted in numPastEvents, by the server's clock. Before the festival its first
 * day is the festival's first, during it today, after it there is none. CLOCK_AT pins that clock
 * for a rehearsal (and for the browser stories).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { City, CityProgramme, Movie } from '../../src/common/api/api-types';
import { ConfigError, loadConfig } from '../../server/config';
import { clockFrom, lisbonDateTime } from '../../server/clock';
import { startTestServer, type TestServer } from './helper';

const FESTIVAL_START = '2026-04-02';

async function lisbonProgramme(server: TestServer): Promise<CityProgramme> {
  const cities = (await server.app.inject({ method: 'GET', url: '/admin/api/cities' })).json<City[]>();
  return (await server.app.inject({ method: 'GET', url: `/admin/api/movies_from_festival/${cities[0]!.id}` })).json<CityProgramme>();
}

async function lisbonSessionsBefore(server: TestServer, when: string): Promise<number> {
  const row = await server.db
    .selectFrom('sessions')
    .innerJoin('venues', 'venues.id', 'sessions.venue_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('venues.city_id', '=', 1)
    .where('sessions.starts_at', '<', when)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('a city programme with the clock before the festival', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ FESTIVAL_START }, new Date('2026-03-28T10:00:00Z'));
  });
  afterAll(() => server.close());

  it('holds every festival day, the first one first, and nothing past', async () => {
    const programme = await lisbonProgramme(server);
    expect(Object.keys(programme.festivals)).toEqual(['d2', 'd3', 'd4', 'd5', 'd6', 'd7', 'd8', 'd9', 'd10']);
    expect(programme.numPastEvents).toBe(0);
  });
});

describe('a city programme with the clock inside the festival', () => {
  let server: TestServer;
  // The 7th of April at 18:30 in Lisbon (UTC+1).
  const now = new Date('2026-04-07T17:30:00Z');
  beforeAll(async () => {
    server = await startTestServer({ FESTIVAL_START }, now);
  });
  afterAll(() => server.close());

  it('begins on today and counts every event already begun', async () => {
    const programme = await lisbonProgramme(server);
    expect(Object.keys(programme.festivals)).toEqual(['d7', 'd8', 'd9', 'd10']);
    expect(programme.numPastEvents).toBe(await lisbonSessionsBefore(server, lisbonDateTime(now)));
    expect(programme.numPastEvents).toBeGreaterThan(0);
  });

  it("still lists today's events that have begun (the agenda of the day stays whole)", async () => {
    const today = (await lisbonProgramme(server)).festivals as Record<string, { hh: string }[]>;
    expect(today.d7!.some((e) => e.hh < '18:30')).toBe(true);
  });

  it('gives each session its city and the venue address, for the programme link and the venue card', async () => {
    const movie = (await server.app.inject({ method: 'GET', url: '/admin/api/movie/101' })).json<Movie>();
    expect(movie.sessions.length).toBeGreaterThan(0);
    for (const session of movie.sessions) {
      expect(session.city_id).toMatch(/^\d+$/);
      expect(session.venue_address).toMatch(/\d{4}-\d{3}/);
    }
    expect(movie).toMatchObject({ duration_min: 98, language: 'Italiano', subtitles: 'Português' });
  });
});

describe('a city programme with the clock after the festival', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ FESTIVAL_START }, new Date('2026-04-20T10:00:00Z'));
  });
  afterAll(() => server.close());

  it('holds no day, so an empty agenda says EVENTO TERMINADO', async () => {
    const programme = await lisbonProgramme(server);
    expect(programme.festivals).toEqual({});
    expect(programme.numPastEvents).toBe(await lisbonSessionsBefore(server, '2026-04-20T11:00'));
  });
});

describe('CLOCK_AT', () => {
  it('pins the clock to a Lisbon wall-clock time, which then runs on', () => {
    const config = loadConfig({ CLOCK_AT: '2026-04-05T15:00' }, new Date('2030-01-01T00:00:00Z'));
    expect(config.clockAt?.toISOString()).toBe('2026-04-05T14:00:00.000Z');
    // The festival's default dates follow the pinned clock, not the machine's.
    expect(config.festivalStart).toBe('2026-04-02');
    let real = Date.parse('2030-01-01T00:00:00Z');
    const clock = clockFrom(config.clockAt!, () => new Date(real));
    expect(lisbonDateTime(clock())).toBe('2026-04-05T15:00');
    real += 90 * 60 * 1000;
    expect(lisbonDateTime(clock())).toBe('2026-04-05T16:30');
  });

  it('reads winter time too', () => {
    expect(loadConfig({ CLOCK_AT: '2026-11-22T12:00' }).clockAt?.toISOString()).toBe('2026-11-22T12:00:00.000Z');
  });

  it('refuses a value that is not a time, naming the variable', () => {
    expect(() => loadConfig({ CLOCK_AT: 'amanhã' })).toThrow(ConfigError);
    expect(() => loadConfig({ CLOCK_AT: 'amanhã' })).toThrow(/CLOCK_AT/);
    expect(loadConfig({}).clockAt).toBeNull();
  });
});
