/**
 * schema.org JSON-LD for search engines' rich results, written into the server-rendered <head>
 * as a `<script type="application/ld+json">` data block (never executed, so the strict
 * Content-Security-Policy, which allows no inline script, has nothing to allow: like the page's
 * own `application/json` data). Film pages: a Movie with one ScreeningEvent per session (venue
 * and city); activity pages: an Event; the festival home: the festival as an EventSeries with its
 * organiser. Each names the page it describes (`mainEntityOfPage`) with the page's language
 * (`inLanguage`: 'pt-PT', 'en' or 'it', as <html lang>): on the Movie or the Event itself,
 * `inLanguage` would claim the film's or the talk's own language.
 */
import { FESTIVAL_NAME } from './constants';
import { imageUrl } from './images/image-url';
import type { I18n } from './i18n/i18n';
import type { Activity, City, HomePrefs, Movie, Session } from './api/api-types';
import { lisbonIso } from './time/lisbon-time';
import type { EventLeaf, Movie as SchemaMovie, ScreeningEventLeaf } from 'schema-dts';
import { ACCESS_SCHEMA, minimumAge, type SessionFollow } from './programme/session-access';

/** Where the page is published: absolute URLs are built from these. */
interface SiteContext {
  publicUrl: string;
  imageBase: string;
  /** The page's own address (path and query). */
  url: string;
  prefs?: HomePrefs;
  /** The page's own Lingui instance: its language and its words. */
  i18n: I18n;
}

type JsonLd = Record<string, unknown>;

/** The festival's organiser, as the presentation page names it: a name, the same in every language. */
const ORGANIZER = /*i18n*/ { id: 'structuredData.organizer', message: 'Associação Cultural Oito e Meio' };
export const FESTIVAL_ORGANIZER = ORGANIZER.message;
/** The festival's name when the start-up preferences give none: a name, the same in every language. */
/** The line that names one screening of a film: the film, its city and its venue. */
const SCREENING_NAME = /*i18n*/ { id: 'structuredData.screeningName', message: '{title} — {city}, {venue}' };

const absolute = (path: string, site: SiteContext) => new URL(path, site.publicUrl).href;
const image = (path: string, site: SiteContext) => (path ? absolute(imageUrl(site.imageBase, path), site) : undefined);
const pageUrl = (site: SiteContext) => {
  const url = new URL(site.url, site.publicUrl);
  url.search = '';
  return url.href;
};

/** The page that describes the subject, in the page's language. */
const webPage = (site: SiteContext): JsonLd => ({
  '@type': 'WebPage',
  '@id': pageUrl(site),
  url: pageUrl(site),
  inLanguage: site.i18n.locale,
});

function place(session: Session): JsonLd {
  return {
    '@type': 'Place',
    name: session.venue_name,
    address: { '@type': 'PostalAddress', addressLocality: session.city_name, addressCountry: 'PT' },
  };
}

function organizer(site: SiteContext): JsonLd {
  return {
    '@type': 'Organization',
    name: site.i18n._(ORGANIZER),
    url: site.publicUrl,
    ...(site.prefs?.contactEmail ? { email: site.prefs.contactEmail } : {}),
  };
}

function festivalRef(site: SiteContext): JsonLd {
  return { '@type': 'EventSeries', name: site.prefs?.festivalName ?? FESTIVAL_NAME, url: site.publicUrl };
}

const scheduled = {
  eventStatus: 'https://schema.org/EventScheduled',
  eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
};

function movieJsonLd(movie: Movie, site: SiteContext): JsonLd {
  const url = pageUrl(site);
  const id = `${url}#filme`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Movie',
    '@id': id,
    name: movie.title,
    url,
    mainEntityOfPage: webPage(site),
    ...(image(movie.poster, site) ? { image: image(movie.poster, site) } : {}),
    ...(movie.logline ? { description: movie.logline } : {}),
    ...(movie.director ? { director: { '@type': 'Person', name: movie.director } } : {}),
    ...(movie.yy ? { dateCreated: movie.yy } : {}),
    ...(movie.tag ? { genre: movie.tag } : {}),
    subjectOf: movie.sessions.map((session) => ({
      '@type': 'ScreeningEvent',
      name: site.i18n._(SCREENING_NAME.id, { title: movie.title, city: session.city_name, venue: session.venue_name }),
      startDate: lisbonIso(session.starts_at),
      location: place(session),
      ...screeningFollow(session.follow),
      // A screening with audio description or sign language presents the film with them: a version of it.
      workPresented: accessibilityOf(session.follow).length
        ? ({ '@type': 'Movie', name: movie.title, url, accessibilityFeature: accessibilityOf(session.follow) } satisfies SchemaMovie)
        : { '@id': id },
      url,
      ...scheduled,
      superEvent: festivalRef(site),
    })),
  };
}

/**
 * What an event is spoken in and for whom (BCP 47 codes, "12-"): typed as schema.org's Event
 * (schema-dts), so a property it does not have fails the typecheck. A talk's follow data too.
 */
function eventFollow(follow: SessionFollow | undefined): Pick<EventLeaf, 'inLanguage' | 'typicalAgeRange'> {
  if (!follow) return {};
  return {
    ...(follow.languages.length ? { inLanguage: follow.languages.length === 1 ? follow.languages[0] : follow.languages } : {}),
    ...(follow.age_rating ? { typicalAgeRange: `${minimumAge(follow.age_rating)}-` } : {}),
  };
}

/** A screening's, with the languages of its subtitles (ScreeningEvent's own property). */
function screeningFollow(
  follow: SessionFollow | undefined,
): Pick<ScreeningEventLeaf, 'inLanguage' | 'subtitleLanguage' | 'typicalAgeRange'> {
  return { ...eventFollow(follow), ...(follow?.subtitles.length ? { subtitleLanguage: follow.subtitles } : {}) };
}

/** A session's access features that schema.org names (accessibilityFeature: captions, audioDescription, signLanguage). */
const accessibilityOf = (follow: SessionFollow | undefined): string[] =>
  (follow?.access ?? []).flatMap((feature) => ACCESS_SCHEMA[feature] ?? []);

function activityJsonLd(activity: Activity, site: SiteContext): JsonLd {
  const url = pageUrl(site);
  const [first] = activity.sessions;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: activity.title,
    url,
    mainEntityOfPage: webPage(site),
    ...(image(activity.poster, site) ? { image: image(activity.poster, site) } : {}),
    ...(activity.logline ? { description: activity.logline } : {}),
    ...(first ? { startDate: lisbonIso(first.starts_at), location: place(first), ...eventFollow(first.follow) } : {}),
    ...scheduled,
    organizer: organizer(site),
    superEvent: festivalRef(site),
    // A talk given more than once: each time is an event of its own.
    ...(activity.sessions.length > 1
      ? {
          subEvent: activity.sessions.map((session) => ({
            '@type': 'Event',
            name: activity.title,
            startDate: lisbonIso(session.starts_at),
            location: place(session),
            ...eventFollow(session.follow),
            url,
            ...scheduled,
          })),
        }
      : {}),
  };
}

function festivalJsonLd(prefs: HomePrefs, cities: City[], site: SiteContext): JsonLd {
  const social = Object.values(prefs.social).filter((link) => /^https?:\/\//.test(link));
  return {
    '@context': 'https://schema.org',
    '@type': 'EventSeries',
    name: prefs.festivalName,
    url: site.publicUrl,
    mainEntityOfPage: webPage(site),
    description: prefs.description,
    startDate: prefs.festivalStart,
    endDate: prefs.festivalEnd,
    image: absolute('/icons/icon-512.png', site),
    ...scheduled,
    location: cities.map((city) => ({
      '@type': 'Place',
      name: city.name,
      address: { '@type': 'PostalAddress', addressLocality: city.name, addressCountry: 'PT' },
    })),
    organizer: { ...organizer({ ...site, prefs }), ...(social.length ? { sameAs: social } : {}) },
  };
}

/**
 * What a page's structured data describes, as its route module names it. Only the server turns it
 * into JSON-LD (head-tags.ts), so none of this file reaches the browser's bundle.
 */
export type StructuredSubject =
  { type: 'movie'; movie: Movie } | { type: 'activity'; activity: Activity } | { type: 'festival'; cities: City[] };

export function structuredData(subject: StructuredSubject, site: SiteContext): JsonLd | null {
  if (subject.type === 'movie') return movieJsonLd(subject.movie, site);
  if (subject.type === 'activity') return activityJsonLd(subject.activity, site);
  return site.prefs ? festivalJsonLd(site.prefs, subject.cities, site) : null;
}

/** The <script> data block of some JSON-LD; every "<" escaped, so no text can close it early. */
export function jsonLdScript(data: JsonLd): string {
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}
