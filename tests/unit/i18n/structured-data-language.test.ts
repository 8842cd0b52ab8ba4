/**
 * The JSON-LD of a page says which language the page is in (on the page it describes, not on the
 * film or the event, whose own language it would claim) and writes its words from the page's catalog.
 */
import { describe, expect, it } from 'vitest';
import type { Activity, Movie } from '../../../src/common/api/api-types';
import { FESTIVAL_ORGANIZER, structuredData } from '../../../src/common/structured-data';
import { testI18n } from '../../support/i18n';

const movie = {
  id: '101',
  title: 'La chimera',
  poster: '',
  logline: '',
  director: '',
  yy: '',
  tag: '',
  sessions: [{ starts_at: '2026-04-10T21:30', venue_name: 'Cinema São Jorge', city_name: 'Lisboa' }],
} as unknown as Movie;

const site = (locale: 'pt-PT' | 'en' | 'it', url: string) => ({
  publicUrl: 'https://festadocinemaitaliano.com',
  imageBase: '/media/',
  url,
  i18n: testI18n(locale),
});

describe('structured data in the page’s language', () => {
  it.each([
    ['pt-PT', '/filme/101'],
    ['en', '/en/filme/101'],
    ['it', '/it/filme/101?x=1'],
  ] as const)('names the %s page it describes, with its language', (locale, url) => {
    const data = structuredData({ type: 'movie', movie }, site(locale, url))!;
    const page = `https://festadocinemaitaliano.com${url.split('?')[0]}`;
    expect(data.mainEntityOfPage).toEqual({ '@type': 'WebPage', '@id': page, url: page, inLanguage: locale });
    expect(data).not.toHaveProperty('inLanguage');
  });

  it('writes its words from the catalog, names kept', () => {
    const activity = movie as unknown as Activity;
    const data = structuredData({ type: 'activity', activity }, site('en', '/en/actividade/1'))!;
    expect(data.organizer).toMatchObject({ name: FESTIVAL_ORGANIZER });
    expect(data.superEvent).toMatchObject({ name: '8½ Festa do Cinema Italiano' });
    const film = structuredData({ type: 'movie', movie }, site('it', '/it/filme/101'))!;
    expect((film.subjectOf as { name: string }[])[0]!.name).toBe('La chimera — Lisboa, Cinema São Jorge');
  });
});
