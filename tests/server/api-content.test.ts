import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ProgrammeEvent,
  Activity,
  Card,
  City,
  CityProgramme,
  CustomPage,
  FestivalEdition,
  FestivalProgrammeEntry,
  FilmFilterItem,
  HomePrefs,
  Menus,
  Movie,
  MovieListItem,
  NewsItem,
  Posters,
  PressItem,
  Section,
  SponsorList,
} from '../../src/common/api/api-types';
import { MONTH_NAMES } from '../../src/common/time/calendar-names';
import { getJson, PREVIOUS_EDITION, startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

// Vitest types its asymmetric matchers as `any`: `as unknown` lets them sit in the typed expectations.
const flag = expect.stringMatching(/^[01]$/) as unknown;
const idString = expect.stringMatching(/^[1-9][0-9]*$/) as unknown;

describe('GET homeprefs', () => {
  it('gives the edition, the home blocks visibility per scope, the agenda colour and the social links', async () => {
    const { status, body } = await getJson<HomePrefs>(server.app, '/homeprefs');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      festivalName: expect.stringContaining('Festa do Cinema Italiano') as unknown,
      year: expect.any(Number) as unknown,
      festivalStart: '2026-04-02',
      festivalEnd: '2026-04-10',
      defaultScope: 'festa',
      agendaColor: '#ed162c',
      imageBase: '/media/',
    });
    for (const scope of ['festa', 'distrib'] as const) {
      expect(body.visibility[scope]).toEqual({ festprog: flag, movies: flag, news: flag });
    }
    expect(Object.keys(body.social).sort()).toEqual(['microblog', 'photo', 'social', 'video']);
  });
});

describe('films', () => {
  it('lists every festa film for category 0 with the card fields as strings and flags', async () => {
    const { status, body } = await getJson<MovieListItem[]>(server.app, '/api/movies_from_categ/0/festa');
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(45);
    for (const film of body) {
      expect(film).toEqual({
        id: idString,
        title: expect.any(String) as unknown,
        thumb: expect.stringMatching(/\.(jpg|webp|png)$/) as unknown,
        name: expect.any(String) as unknown,
        keywords: expect.any(String) as unknown,
        logline: expect.any(String) as unknown,
        highlight: flag,
        ismovie: '1',
        mm: expect.stringMatching(/^([1-9]|1[0-2])?$/) as unknown,
        yy: expect.stringMatching(/^(\d{4})?$/) as unknown,
        director: expect.any(String) as unknown,
        // Beside the spec's fields: what its sessions offer to follow it, for the films list's filters.
        follow: expect.objectContaining({ languages: expect.arrayContaining(['it']) as unknown }) as unknown,
      });
    }
    expect(body.some((f) => f.highlight === '1')).toBe(true);
  });

  it('filters by section id or by section name without case or accents', async () => {
    const sections = (await getJson<Section[]>(server.app, '/api/sections/movies_festa/festa')).body;
    expect(sections.length).toBeGreaterThanOrEqual(6);
    const section = sections.find((s) => /[çãõéêáíóú]/i.test(s.name)) ?? sections[0]!;
    const byId = (await getJson<MovieListItem[]>(server.app, `/api/movies_from_categ/${section.id}/festa`)).body;
    expect(byId.length).toBeGreaterThan(0);
    expect(byId.every((f) => f.name === section.name)).toBe(true);
    const folded = section.name
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();
    const byName = (await getJson<MovieListItem[]>(server.app, `/api/movies_from_categ/${encodeURIComponent(folded)}/festa`)).body;
    expect(byName.map((f) => f.id)).toEqual(byId.map((f) => f.id));
  });

  it('keeps the distribution films in their own scope', async () => {
    const distrib = (await getJson<MovieListItem[]>(server.app, '/api/movies_from_categ/0/distrib')).body;
    const festa = (await getJson<MovieListItem[]>(server.app, '/api/movies_from_categ/0/festa')).body;
    expect(distrib.length).toBeGreaterThanOrEqual(5);
    const festaIds = new Set(festa.map((f) => f.id));
    expect(distrib.every((f) => !festaIds.has(f.id))).toBe(true);
    expect((await getJson<Section[]>(server.app, '/api/sections/movies_festa/distrib')).body.length).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown category and 400 for a bad scope', async () => {
    expect((await getJson(server.app, '/api/movies_from_categ/nao-existe/festa')).status).toBe(404);
    const bad = await getJson<{ message: string }>(server.app, '/api/movies_from_categ/0/cinema');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Âmbito inválido: use festa ou distrib.');
  });

  it('gives a film in full with its sessions as city | day month | time | venue', async () => {
    const { status, body } = await getJson<Movie>(server.app, '/api/movie/101');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: '101',
      ismovie: '1',
      fromfestival: flag,
      poster: expect.stringMatching(/\.(jpg|webp)$/) as unknown,
      director: expect.any(String) as unknown,
      description: expect.stringContaining('<p>') as unknown,
      buybtn_label: expect.any(String) as unknown,
      buylink: expect.stringMatching(/^https:\/\//) as unknown,
    });
    expect(body.sessions.length).toBeGreaterThanOrEqual(2);
    for (const s of body.sessions) {
      expect(s).toEqual({
        id: idString,
        city_name: expect.any(String) as unknown,
        dd: expect.stringMatching(/^([1-9]|[12][0-9]|3[01])$/) as unknown,
        mm: expect.stringMatching(/^([1-9]|1[0-2])$/) as unknown,
        hhmm: expect.stringMatching(/^\d{2}:\d{2}$/) as unknown,
        venue_name: expect.any(String) as unknown,
        starts_at: `2026-04-${s.dd.padStart(2, '0')}T${s.hhmm}`,
        city_id: idString,
        venue_address: expect.stringMatching(/\S/) as unknown,
        // Beside the spec's fields, a last-minute status (none in the seed) and its reason, the
        // venue (for its card) and how to follow the session.
        status: '',
        status_note: '',
        venue_id: idString,
        follow: {
          languages: ['it'],
          subtitles: expect.any(Array) as unknown,
          age_rating: expect.any(String) as unknown,
          access: expect.any(Array) as unknown,
        },
      });
    }
    expect(body.hh).toBe(body.sessions[0]!.hhmm);
    expect(body.venue).toBe(body.sessions[0]!.venue_name);
  });

  it('builds video_url on the video host only for films with a trailer', async () => {
    const films = (await getJson<MovieListItem[]>(server.app, '/api/movies_from_categ/0/festa')).body;
    const details = await Promise.all(films.map(async (f) => (await getJson<Movie>(server.app, `/api/movie/${f.id}`)).body));
    const withVideo = details.filter((d) => d.video_url !== '');
    expect(withVideo.length).toBeGreaterThan(0);
    expect(withVideo.length).toBeLessThan(details.length);
    for (const d of withVideo) expect(d.video_url).toMatch(/^https:\/\/[^/]+\/play\/[A-Za-z0-9]+$/);
  });

  it('answers 404 JSON for an unknown film and 400 for a malformed id', async () => {
    const missing = await getJson<{ statusCode: number; message: string }>(server.app, '/api/movie/999999');
    expect(missing).toMatchObject({ status: 404, body: { statusCode: 404, message: 'Filme não encontrado.' } });
    expect((await getJson(server.app, '/api/movie/abc')).status).toBe(400);
    // An activity is not a film, and a film is not an activity.
    expect((await getJson(server.app, '/api/movie/201')).status).toBe(404);
    expect((await getJson(server.app, '/api/activity/101')).status).toBe(404);
  });

  it('lists the distribution films for the film filter', async () => {
    const { body } = await getJson<FilmFilterItem[]>(server.app, '/api/movies2filter');
    expect(body.length).toBeGreaterThanOrEqual(5);
    for (const item of body) expect(item).toEqual({ id: idString, name: expect.any(String) as unknown });
  });
});

describe('parallel events', () => {
  it('lists activities as cards flagged ismovie 0 and gives one in full', async () => {
    const list = (await getJson<Card[]>(server.app, '/api/activities')).body;
    expect(list.length).toBeGreaterThanOrEqual(15);
    expect(list.every((a) => a.ismovie === '0')).toBe(true);
    const { status, body } = await getJson<Activity>(server.app, `/api/activity/${list[0]!.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: list[0]!.id, title: list[0]!.title, ismovie: '0', description: expect.any(String) as unknown });
    const sections = (await getJson<Section[]>(server.app, '/api/sections/activities/festa')).body;
    expect(sections.length).toBeGreaterThanOrEqual(3);
  });
});

describe('programme', () => {
  it('lists four cities with Lisboa first', async () => {
    const { body } = await getJson<City[]>(server.app, '/api/cities');
    expect(body.length).toBe(4);
    expect(body[0]).toEqual({ id: idString, name: 'Lisboa' });
  });

  it("keys a city's programme by festival day from today, in date order, and counts past events with the clock", async () => {
    const lisboa = (await getJson<City[]>(server.app, '/api/cities')).body[0]!;
    const { status, body, headers } = await getJson<CityProgramme>(server.app, `/api/movies_from_festival/${lisboa.id}`);
    expect(status).toBe(200);
    expect(headers['cache-control']).toMatch(/max-age=30/);
    const festivals = body.festivals as Record<string, ProgrammeEvent[]>;
    // "Now" is 5 April 15:00: the 2nd, 3rd and 4th are past and left out.
    expect(Object.keys(festivals)).toEqual(['d5', 'd6', 'd7', 'd8', 'd9', 'd10']);
    const events = Object.values(festivals).flat();
    expect(events.length).toBeGreaterThan(60);
    // Every Lisbon session begun before now: those of the days left out, and today's before 15:00.
    const begun = await server.db
      .selectFrom('sessions')
      .innerJoin('venues', 'venues.id', 'sessions.venue_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('venues.city_id', '=', Number(lisboa.id))
      .where('sessions.starts_at', '<', '2026-04-05T15:00')
      .executeTakeFirstOrThrow();
    expect(body.numPastEvents).toBe(Number(begun.n));
    expect(body.numPastEvents).toBeGreaterThan(events.filter((e) => e.dd === '5' && e.hh < '15:00').length);
    for (const [key, list] of Object.entries(festivals)) {
      for (const e of list) {
        expect(e.dd).toBe(key.slice(1));
        expect(e).toMatchObject({
          id: idString,
          ismovie: flag,
          mm: '4',
          hh: expect.stringMatching(/^\d{2}:\d{2}$/) as unknown,
          venue: expect.any(String) as unknown,
        });
      }
    }
    expect(events.some((e) => e.ismovie === '0')).toBe(true);
  });

  it('keeps every day key even for days without events, and 404s an unknown city', async () => {
    const cities = (await getJson<City[]>(server.app, '/api/cities')).body;
    const programmes = await Promise.all(
      cities.map(async (c) => (await getJson<CityProgramme>(server.app, `/api/movies_from_festival/${c.id}`)).body),
    );
    const emptyDays = programmes.flatMap((p) =>
      Object.values(p.festivals as Record<string, ProgrammeEvent[]>).filter((events) => events.length === 0),
    );
    expect(emptyDays.length).toBeGreaterThan(0);
    expect((await getJson(server.app, '/api/movies_from_festival/9999')).status).toBe(404);
    expect((await getJson(server.app, '/api/movies_from_festival/-1')).status).toBe(400);
  });

  it('answers festivals [] for a city with no session at all', async () => {
    await server.db.insertInto('cities').values({ id: 99, name: 'Évora', position: 99 }).execute();
    const { body } = await getJson<CityProgramme>(server.app, '/api/movies_from_festival/99');
    expect(body).toEqual({ festivals: [], numPastEvents: 0 });
    await server.db.deleteFrom('cities').where('id', '=', 99).execute();
  });

  it('gives the festival programme text with its attachments', async () => {
    const { body } = await getJson<FestivalProgrammeEntry[]>(server.app, '/api/festival_program');
    expect(body.length).toBeGreaterThanOrEqual(1);
    expect(body[0]!.description).toContain('<');
    expect(body[0]!.attachments.length).toBeGreaterThanOrEqual(3);
    for (const a of body[0]!.attachments)
      expect(a).toMatchObject({ id: idString, title: expect.any(String) as unknown, description: expect.any(String) as unknown });
  });
});

describe('news', () => {
  it('lists a scope newest first with pretty_date from the pt-PT month names', async () => {
    const { body } = await getJson<NewsItem[]>(server.app, '/api/news/festa');
    expect(body.length).toBeGreaterThanOrEqual(15);
    const dates = body.map((n) => n.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const n of body) {
      expect(n.pretty_date).toBe(`${n.dd} ${MONTH_NAMES[Number(n.mm) - 1]} ${n.yy}`);
    }
    expect((await getJson<NewsItem[]>(server.app, '/api/news/distrib')).body.length).toBeGreaterThanOrEqual(3);
  });

  it('gives one news item in full, and 404 for an unknown one', async () => {
    const list = (await getJson<NewsItem[]>(server.app, '/api/news/festa')).body;
    const { status, body } = await getJson<NewsItem>(server.app, `/api/news/${list[0]!.id}`);
    expect(status).toBe(200);
    expect(body.description.length).toBeGreaterThan(0);
    expect((await getJson(server.app, '/api/news/999999')).status).toBe(404);
    expect((await getJson(server.app, '/api/news/everything')).status).toBe(400);
  });
});

describe('home blocks, menus, pages', () => {
  it('gives posters and banners of each scope', async () => {
    for (const scope of ['festa', 'distrib']) {
      const { body } = await getJson<Posters>(server.app, `/api/posters/${scope}`);
      expect(body.poster.length).toBeGreaterThan(0);
      expect(body.banner.length).toBeGreaterThan(0);
      for (const p of [...body.poster, ...body.banner])
        expect(p).toEqual({
          img: expect.any(String) as unknown,
          link: expect.any(String) as unknown,
          description: expect.any(String) as unknown,
        });
    }
  });

  it('gives sponsors as items plus an ordered id list, one group minimised', async () => {
    const { body } = await getJson<SponsorList>(server.app, '/api/sponsors_from_home');
    expect(body.ids.length).toBe(Object.keys(body.items).length);
    const groups = [...new Set(body.ids.map((id) => body.items[id]!.tag_name))];
    expect(groups.length).toBeGreaterThanOrEqual(4);
    expect(body.ids.some((id) => body.items[id]!.minimized !== 0)).toBe(true);
    const all = (await getJson<SponsorList>(server.app, '/api/sponsors_from_menu/0/festa')).body;
    expect(all.ids).toEqual(body.ids);
    expect((await getJson(server.app, '/api/sponsors_from_menu/424242/festa')).status).toBe(404);
  });

  it('gives top and bottom menus per scope, with children', async () => {
    for (const scope of ['festa', 'distrib']) {
      const { body } = await getJson<Menus>(server.app, `/api/menus/${scope}`);
      expect(body.top.length).toBeGreaterThan(0);
      expect(body.bottom.length).toBeGreaterThan(0);
    }
    const festa = (await getJson<Menus>(server.app, '/api/menus/festa')).body;
    const children = festa.top.flatMap((m) => m.childs);
    expect(children.length).toBeGreaterThan(0);
    expect(children.some((c) => c.internal_page_id === 0 && c.template_id === 5)).toBe(true);
    expect([...festa.top, ...festa.bottom, ...children].some((m) => m.menu_url.includes('http'))).toBe(true);
  });

  it('gives custom pages of all four templates and strips one trailing slash', async () => {
    const templates = new Set<number>();
    for (const slug of ['sobre-o-festival', 'bilheteira', 'escolas', 'catalogo-distribuicao']) {
      const { status, body } = await getJson<CustomPage>(server.app, `/api/custompage/${slug}`);
      expect(status).toBe(200);
      templates.add(body.template_id);
    }
    expect([...templates].sort()).toEqual([1, 2, 3, 4]);
    expect((await getJson<CustomPage>(server.app, '/api/custompage/bilheteira/')).body.slug).toBe('bilheteira');
    const mosaic = (await getJson<CustomPage>(server.app, '/api/custompage/catalogo-distribuicao')).body;
    expect(mosaic.cards.length).toBeGreaterThan(0);
    expect((await getJson(server.app, '/api/custompage/nao-existe')).status).toBe(404);
  });

  it('gives past editions for the history page', async () => {
    const { status, body } = await getJson<FestivalEdition>(server.app, `/api/festival_history/${PREVIOUS_EDITION}`);
    expect(status).toBe(200);
    expect(body.editions.length).toBeGreaterThanOrEqual(3);
    expect(body.list_movies.length).toBeGreaterThan(0);
    for (const key of ['venues', 'guests', 'awards', 'numbers', 'sponsors'] as const) expect(body[key].length).toBeGreaterThan(0);
    expect((await getJson(server.app, '/api/festival_history/1999')).status).toBe(404);
    expect((await getJson(server.app, '/api/festival_history/latest')).status).toBe(400);
  });

  it('gives press items of each type', async () => {
    for (const type of ['pressrelease', 'presskit', 'support']) {
      const { body } = await getJson<PressItem[]>(server.app, `/api/press/${type}`);
      expect(body.length).toBeGreaterThan(0);
      for (const item of body)
        expect(item).toMatchObject({
          id: idString,
          title: expect.any(String) as unknown,
          description: expect.any(String) as unknown,
          type,
        });
    }
    expect((await getJson(server.app, '/api/press/flyers')).status).toBe(400);
  });
});
