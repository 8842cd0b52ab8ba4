/**
 * Rich results: the server-rendered <head> of a film page carries a schema.org Movie with one
 * ScreeningEvent per session (venue and city), an activity page an Event, and the festival's home
 * an EventSeries with its organiser; all as JSON-LD data blocks, which the strict CSP (no inline
 * script) leaves alone because they are never executed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Activity, Movie } from '../../src/common/api/api-types';
import { FESTIVAL_ORGANIZER } from '../../src/common/structured-data';
import { lisbonIso } from '../../src/common/time/lisbon-time';
import { getJson, startTestServer, type TestServer } from './helper';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Node = Record<string, unknown> & { '@type'?: string };

async function page(url: string) {
  const response = await server.app.inject({ method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response;
}

/** Every JSON-LD block of a page's <head>, parsed. */
function jsonLd(html: string): Node[] {
  const head = html.slice(0, html.indexOf('</head>'));
  return [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as Node);
}

describe('film pages', () => {
  it('describe the film as a Movie with one ScreeningEvent per session, at its venue and city', async () => {
    const movie = (await getJson<Movie>(server.app, '/api/movie/101')).body;
    expect(movie.sessions.length).toBeGreaterThan(1);
    const [data, ...others] = jsonLd((await page('/filme/101')).body);
    expect(others).toEqual([]);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Movie',
      name: movie.title,
      url: 'http://localhost:3000/filme/101',
      image: 'http://localhost:3000/media/films/101-poster.jpg',
    });
    const screenings = data!.subjectOf as Node[];
    expect(screenings).toHaveLength(movie.sessions.length);
    screenings.forEach((screening, i) => {
      const session = movie.sessions[i]!;
      expect(screening).toMatchObject({
        '@type': 'ScreeningEvent',
        startDate: lisbonIso(session.starts_at),
        // Spoken in Italian, subtitled as the session says, for the ages its rating admits.
        inLanguage: 'it',
        subtitleLanguage: session.follow!.subtitles,
        typicalAgeRange: `${session.follow!.age_rating.slice(2)}-`,
        location: { '@type': 'Place', name: session.venue_name, address: { '@type': 'PostalAddress', addressLocality: session.city_name } },
      });
      // A screening with subtitles for the deaf presents the film with captions; the others, the film itself.
      expect(screening.workPresented).toEqual(
        session.follow!.access.includes('sdh')
          ? { '@type': 'Movie', name: movie.title, url: 'http://localhost:3000/filme/101', accessibilityFeature: ['captions'] }
          : { '@id': data!['@id'] },
      );
      expect(screening.startDate).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\+0[01]:00$/);
    });
  });
});

describe('activity pages', () => {
  it('describe the activity as an Event, when and where, by the festival’s organiser', async () => {
    const activity = (await getJson<Activity>(server.app, '/api/activity/201')).body;
    const [data] = jsonLd((await page('/actividade/201')).body);
    const first = activity.sessions[0]!;
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: activity.title,
      startDate: lisbonIso(first.starts_at),
      location: { name: first.venue_name, address: { addressLocality: first.city_name } },
      organizer: { '@type': 'Organization', name: FESTIVAL_ORGANIZER },
      superEvent: { '@type': 'EventSeries' },
    });
    // What it is spoken in (a talk has no subtitles; an Event has no subtitleLanguage).
    expect(first.follow?.languages.length).toBeGreaterThan(0);
    const spoken = first.follow!.languages;
    expect(data!.inLanguage).toEqual(spoken.length === 1 ? spoken[0] : spoken);
    expect(data).not.toHaveProperty('subtitleLanguage');
  });
});

describe('the festival home', () => {
  it.each(['/', '/festa'])('%s describes the festival as an EventSeries with its organiser and cities', async (url) => {
    const prefs = (await getJson<{ festivalName: string; festivalStart: string; festivalEnd: string }>(server.app, '/homeprefs')).body;
    const [data, ...others] = jsonLd((await page(url)).body);
    expect(others).toEqual([]);
    expect(data).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'EventSeries',
      name: prefs.festivalName,
      startDate: prefs.festivalStart,
      endDate: prefs.festivalEnd,
      organizer: { '@type': 'Organization', name: FESTIVAL_ORGANIZER },
    });
    expect((data!.location as Node[]).map((place) => place.name)).toEqual(['Lisboa', 'Porto', 'Coimbra', 'Setúbal']);
  });

  it('is not claimed by the distribution home or by a page without a subject', async () => {
    expect(jsonLd((await page('/distribuicao')).body)).toEqual([]);
    expect(jsonLd((await page('/noticias')).body)).toEqual([]);
  });
});

describe('the data blocks and the Content-Security-Policy', () => {
  it('are JSON data (never executed), with no "<" that could close them, under a CSP without unsafe-inline', async () => {
    const response = await page('/filme/101');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const blocks = [...response.body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => m[1]!);
    expect(blocks.length).toBe(1);
    expect(blocks[0]).not.toContain('<');
  });

  it('date a Lisbon session with Lisbon’s offset, in summer and winter time', () => {
    expect(lisbonIso('2026-04-05T21:30')).toBe('2026-04-05T21:30:00+01:00');
    expect(lisbonIso('2026-11-20T21:30')).toBe('2026-11-20T21:30:00+00:00');
  });
});
