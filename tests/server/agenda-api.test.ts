/**
 * What the personal agenda and the offline search read from the server: every session with a
 * version (told apart: changed, new, cancelled), the travel times between cities (content,
 * checked at import), the programme sync carrying both, and the search index answering by the
 * server's own search rule.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgendaSession, ProgrammeSync, SearchIndex, TravelTime } from '../../src/common/api/api-types';
import { searchSavedIndex } from '../../src/data/saved-search';
import { importContent } from '../../server/content/import';
import { searchSite } from '../../server/db/repositories/content/search-repository';
import { DEFAULT_DURATION_MIN } from '../../src/common/time/work-length';
import { sessionIndex } from '../../server/db/repositories/programme/session-index-repository';
import { listTravelTimes } from '../../server/db/repositories/programme/travel-times-repository';
import { countRows, FESTIVAL_START, getJson, NOW, startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('GET /api/sessions', () => {
  it('lists every session once, with its time, venue, city, work, duration and version', async () => {
    const { status, body } = await getJson<AgendaSession[]>(server.app, '/api/sessions');
    expect(status).toBe(200);
    expect(body).toHaveLength(await countRows(server.db, 'sessions'));
    expect(new Set(body.map((s) => s.id)).size).toBe(body.length);
    const row = await server.db
      .selectFrom('sessions')
      .innerJoin('venues', 'venues.id', 'sessions.venue_id')
      .innerJoin('cities', 'cities.id', 'venues.city_id')
      .innerJoin('movies', 'movies.id', 'sessions.movie_id')
      .select(['sessions.id', 'sessions.starts_at', 'venues.name as venue', 'cities.name as city', 'movies.title', 'movies.duration_min'])
      .where('movies.is_movie', '=', 1)
      .orderBy('sessions.id')
      .executeTakeFirstOrThrow();
    expect(body.find((s) => s.id === String(row.id))).toMatchObject({
      starts_at: row.starts_at,
      venue_name: row.venue,
      city_name: row.city,
      title: row.title,
      ismovie: '1',
      duration_min: row.duration_min,
    });
    // Parallel events have no duration of their own.
    const activity = body.find((s) => s.ismovie === '0');
    expect(activity?.duration_min).toBe(DEFAULT_DURATION_MIN);
    expect(body.every((s) => /^[0-9a-f]{12}$/.test(s.version))).toBe(true);
  });

  it('changes a session’s version when its time, venue or city changes, and never its id', async () => {
    const before = new Map((await sessionIndex(server.db)).map((s) => [s.id, s]));
    const [moved, relocated, untouched] = [...before.values()];
    const otherCityVenue = await server.db
      .selectFrom('venues')
      .select('id')
      .where('city_id', '!=', Number(relocated!.city_id))
      .executeTakeFirstOrThrow();
    try {
      await server.db.updateTable('sessions').set({ starts_at: '2026-04-09T23:15' }).where('id', '=', Number(moved!.id)).execute();
      await server.db.updateTable('sessions').set({ venue_id: otherCityVenue.id }).where('id', '=', Number(relocated!.id)).execute();
      const after = new Map((await sessionIndex(server.db)).map((s) => [s.id, s]));
      expect(after.size).toBe(before.size);
      expect(after.get(moved!.id)!.version).not.toBe(moved!.version);
      expect(after.get(relocated!.id)!.version).not.toBe(relocated!.version);
      expect(after.get(relocated!.id)!.city_id).not.toBe(relocated!.city_id);
      expect(after.get(untouched!.id)!.version).toBe(untouched!.version);
    } finally {
      await server.db.updateTable('sessions').set({ starts_at: moved!.starts_at }).where('id', '=', Number(moved!.id)).execute();
      await server.db
        .updateTable('sessions')
        .set({ venue_id: Number(relocated!.venue_id) })
        .where('id', '=', Number(relocated!.id))
        .execute();
    }
    expect((await sessionIndex(server.db)).map((s) => s.version)).toEqual([...before.values()].map((s) => s.version));
  });
});

describe('GET /api/travel_times', () => {
  it('gives a journey time for every pair of the festival’s cities, once per pair', async () => {
    const { status, body } = await getJson<TravelTime[]>(server.app, '/api/travel_times');
    expect(status).toBe(200);
    const cities = (await getJson<{ id: string }[]>(server.app, '/api/cities')).body.map((c) => c.id);
    const pairs = new Set(body.map((t) => [t.from_city_id, t.to_city_id].sort().join('-')));
    expect(pairs.size).toBe(body.length);
    for (const a of cities) for (const b of cities) if (a < b) expect(pairs.has(`${a}-${b}`), `${a}-${b}`).toBe(true);
    expect(body.find((t) => [t.from_city_id, t.to_city_id].sort().join('-') === '1-2')?.minutes).toBe(180);
  });

  it.each([
    [[{ fromCityId: 1, toCityId: 99, minutes: 60 }], /a cidade 99 não existe/],
    [[{ fromCityId: 2, toCityId: 2, minutes: 60 }], /as duas cidades são a mesma/],
    [[{ fromCityId: 1, toCityId: 2, minutes: 0 }], /minutos inválidos \(0\)/],
    [
      [
        { fromCityId: 1, toCityId: 2, minutes: 180 },
        { fromCityId: 2, toCityId: 1, minutes: 170 },
      ],
      /este par de cidades já tem um tempo de viagem/,
    ],
  ])('refuses a bad travel-time table at import and keeps the content (%j)', async (table, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'festa-travel-'));
    try {
      cpSync(server.config.contentDir, dir, { recursive: true });
      writeFileSync(join(dir, 'seed', 'travel-times.json'), JSON.stringify(table));
      const rows = await countRows(server.db, 'travel_times');
      await expect(
        importContent(server.db, { contentDir: dir, festivalStart: FESTIVAL_START, festivalDays: 9, clock: () => NOW }),
      ).rejects.toThrow(message);
      expect(await countRows(server.db, 'travel_times')).toBe(rows);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('is content like the rest: an edited table is what the server answers after the next import', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'festa-travel-'));
    const options = { festivalStart: FESTIVAL_START, festivalDays: 9, clock: () => NOW };
    try {
      cpSync(server.config.contentDir, dir, { recursive: true });
      const path = join(dir, 'seed', 'travel-times.json');
      const table = JSON.parse(readFileSync(path, 'utf8')) as { fromCityId: number; toCityId: number; minutes: number }[];
      writeFileSync(path, JSON.stringify(table.map((t) => (t.fromCityId === 1 && t.toCityId === 2 ? { ...t, minutes: 155 } : t))));
      await importContent(server.db, { contentDir: dir, ...options });
      expect((await listTravelTimes(server.db)).find((t) => t.from_city_id === '1' && t.to_city_id === '2')?.minutes).toBe(155);
    } finally {
      await importContent(server.db, { contentDir: server.config.contentDir, ...options });
      rmSync(dir, { recursive: true, force: true });
    }
    expect((await listTravelTimes(server.db)).find((t) => t.from_city_id === '1' && t.to_city_id === '2')?.minutes).toBe(180);
  });
});

describe('the programme sync, for the agenda and the offline search', () => {
  it('carries every session’s version, the sessions, the travel times, the search index and the news lists', async () => {
    const { body: sync } = await getJson<ProgrammeSync>(server.app, '/sync/programme');
    const sessions = sync.answers['/api/sessions'] as AgendaSession[];
    expect(sessions.length).toBeGreaterThan(0);
    expect(sync.sessionVersions).toEqual(Object.fromEntries(sessions.map((s) => [s.id, s.version])));
    for (const path of ['/api/travel_times', '/api/search_index', '/api/news/festa', '/api/news/distrib']) {
      expect(sync.answers[path], path).toEqual((await getJson(server.app, path)).body);
    }
  });
});

describe('the search index answers by the server’s own rule', () => {
  it.each([
    'ada',
    'verao',
    'VERÃO',
    'o verao de ada',
    'cinema italiano',
    'roma',
    'estrada nac',
    'de',
    'a',
    'masterclass',
    "l'estrada",
    'são jorge',
    'zzz',
  ])('offline search of "%s" gives exactly the server’s results, in its order', async (query) => {
    const index = (await getJson<SearchIndex>(server.app, '/api/search_index')).body;
    expect(searchSavedIndex(index, query)).toEqual(await searchSite(server.db, query));
  });

  it('holds what the server matches against: folded titles and texts, films apart from parallel events', async () => {
    const index = (await getJson<SearchIndex>(server.app, '/api/search_index')).body;
    expect(index.movies.length + index.festivals.length).toBe(await countRows(server.db, 'movies'));
    expect(index.news.length).toBe(await countRows(server.db, 'news'));
    expect(index.movies.every((d) => d.text === d.text.toLowerCase() && !/[áàâãéêíóôõúç]/.test(d.text))).toBe(true);
  });
});
