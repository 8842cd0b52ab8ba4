/**
 * Content import: the seed JSON (server/content/seed) into the database. Every HTML field is
 * sanitized here, on the way in; every referenced image and file must exist; the whole import is
 * one transaction, so a failed import leaves the previous content in place.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, lisbonDate, systemClock, type Clock } from '../clock';
import type { Db } from '../db/database';
import { CONTENT_TABLES, type ContentRows } from '../db/repositories/content/content-repository';
import { importAsRelease } from '../publishing/releases';
import { renderContentPdfs } from './content-pdfs';
import { newsSearchColumns, workSearchColumns } from './derived-columns';
import type { ContentBundle, EditionSettings, MenuItemFile } from './content-types';
import { editionFor, expandEdition } from './edition';
import { checkedLink, sanitizeEditorHtml as clean } from './sanitize';
import { applySeedTranslations, loadSeedTranslations, type SeedTranslations } from './seed-translations';
import { travelTimeRows } from './travel-time-rows';
import { followRow, venueFacts } from './follow-rows';
import { sessionCode } from '../../src/common/programme/session-status';
import { VENUE_DEFAULTS } from '../../src/common/programme/venue-hours';
import { venueGender } from '../../src/common/programme/venue-gender';

const FILES: Record<keyof ContentBundle, string> = {
  settings: 'settings.json',
  sections: 'sections.json',
  cities: 'cities.json',
  venues: 'venues.json',
  travelTimes: 'travel-times.json',
  films: 'films.json',
  activities: 'activities.json',
  sessions: 'sessions.json',
  news: 'news.json',
  sponsorGroups: 'sponsor-groups.json',
  posters: 'posters.json',
  press: 'press.json',
  programme: 'programme.json',
  pages: 'pages.json',
  history: 'history.json',
  menus: 'menus.json',
};

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  zip: 'application/zip',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

function mimeOf(fileName: string): string {
  return MIME[fileName.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}

interface LoadedContent {
  bundle: ContentBundle;
  /** Its English and Italian (seed/translations/). */
  translations: SeedTranslations;
  version: string;
}

function loadContent(contentDir: string): LoadedContent {
  const hash = createHash('sha256');
  const entries = Object.entries(FILES).map(([key, file]) => {
    const path = join(contentDir, 'seed', file);
    const text = readFileSync(path, 'utf8');
    hash.update(text);
    try {
      return [key, JSON.parse(text) as unknown];
    } catch (error) {
      throw new Error(`Conteúdo inválido em ${path}: ${(error as Error).message}`, { cause: error });
    }
  });
  const translations = loadSeedTranslations(join(contentDir, 'seed'), hash);
  return { bundle: Object.fromEntries(entries) as ContentBundle, translations, version: hash.digest('hex').slice(0, 16) };
}

/** The festival's rule (its programme says so): films in Italian, subtitled in Portuguese, unless a film says otherwise. */
const FILM_LANGUAGE = 'Italiano';
const FILM_SUBTITLES = 'Português';

interface ImportOptions {
  contentDir: string;
  festivalStart: string;
  festivalDays: number;
  /** "Today" for the import: news and press dated after it are not published yet. */
  clock?: Clock;
}

/**
 * Builds the database rows of a bundle for the configured edition (its markers replaced, its PDFs
 * written); throws on a missing media file or a bad reference.
 */
async function buildRows(loaded: LoadedContent, options: ImportOptions): Promise<ContentRows> {
  const { contentDir, festivalStart } = options;
  const problems: string[] = [];
  const { foundedYear } = loaded.bundle.settings;
  const edition = editionFor(foundedYear, festivalStart, options.festivalDays);
  if (edition.number < 1) problems.push(`FESTIVAL_START ${festivalStart} é anterior à primeira edição (${foundedYear})`);
  const bundle = expandEdition(loaded.bundle, edition, 'seed', problems);
  const today = lisbonDate((options.clock ?? systemClock)());
  const pdfs = await renderContentPdfs(bundle, edition, today);
  const media = (path: string) => {
    if (path && !existsSync(join(contentDir, 'media', path))) problems.push(`imagem em falta: media/${path}`);
    return path;
  };
  const file = (name: string) => {
    if (mimeOf(name) !== 'application/pdf') problems.push(`ficheiro ${name}: a importação só escreve PDFs`);
    return { file_name: name, mime: mimeOf(name), size: pdfs.get(name)?.length ?? 0 };
  };
  const publishedOn = (daysBefore: number) => addDays(festivalStart, -daysBefore);
  const publishedAt = (daysBefore: number) => `${publishedOn(daysBefore)}T10:00`;
  /** An item dated after today is not published yet: the import holds it back (the next import publishes it). */
  const published = <T extends { publishedDaysBeforeStart: number }>(items: T[]) =>
    items.filter((item) => publishedOn(item.publishedDaysBeforeStart) <= today);
  const sectionName = new Map(bundle.sections.map((s) => [s.id, s.name]));
  const rulesId = bundle.settings.press?.accreditationRulesId;
  if (rulesId !== undefined && !bundle.press.some((p) => p.id === rulesId && p.type === 'support')) {
    problems.push(`settings.press.accreditationRulesId ${rulesId} não é um material de apoio de press.json`);
  }

  const movies: ContentRows['movies'] = [
    ...bundle.films.map((f) => {
      const description = clean(f.descriptionHtml);
      return {
        id: f.id,
        is_movie: 1,
        title: f.title,
        original_title: f.originalTitle,
        director: f.director,
        year: yearOf(f.year, `filme ${f.id}`, problems),
        country: f.country,
        duration_min: f.durationMin,
        language: f.language ?? FILM_LANGUAGE,
        subtitles: f.subtitles ?? FILM_SUBTITLES,
        ...followRow(f, `filme ${f.id}`, problems, 'film'),
        section_id: f.sectionId,
        scope: f.scope,
        highlight: f.highlight ? 1 : 0,
        keywords: f.keywords,
        logline: f.logline,
        description_html: description,
        technical_info_html: clean(f.technicalInfoHtml),
        video_id: f.videoId ?? '',
        buy_label: f.buyLabel,
        buy_link: checkedLink(f.buyLink, `filme ${f.id} (buyLink)`),
        from_festival: f.fromFestival ? 1 : 0,
        thumb: media(f.thumb),
        poster: media(f.poster),
        // Worked out below, once the translations are in.
        title_folded: '',
        search_text: '',
      };
    }),
    ...bundle.activities.map((a) => {
      const description = clean(a.descriptionHtml);
      return {
        id: a.id,
        is_movie: 0,
        title: a.title,
        original_title: a.title,
        director: '',
        year: null,
        country: '',
        duration_min: null,
        language: '',
        subtitles: '',
        ...followRow(a, `atividade ${a.id}`, problems, 'activity'),
        section_id: a.sectionId,
        scope: 'festa',
        highlight: 0,
        keywords: a.keywords,
        logline: a.logline,
        description_html: description,
        technical_info_html: '',
        video_id: '',
        buy_label: '',
        buy_link: '',
        from_festival: 1,
        thumb: media(a.thumb),
        poster: media(a.poster),
        title_folded: '',
        search_text: '',
      };
    }),
  ];

  const lastDay = options.festivalDays - 1;
  const sessions = bundle.sessions.map((s) => {
    if (s.day < 0 || s.day > lastDay) problems.push(`sessão ${s.id}: dia ${s.day} fora do festival (0..${lastDay})`);
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(s.time)) problems.push(`sessão ${s.id}: hora inválida ${s.time}`);
    return {
      id: s.id,
      movie_id: s.workId,
      venue_id: s.venueId,
      starts_at: `${addDays(festivalStart, s.day)}T${s.time}`,
      guest: s.guest ?? '',
      code: sessionCode(s.id),
      ...followRow(s, `sessão ${s.id}`, problems, 'session'),
    };
  });

  const news = published(bundle.news).map((n) => {
    const description = clean(n.descriptionHtml);
    return {
      id: n.id,
      scope: n.scope,
      title: n.title,
      summary: n.summary,
      description_html: description,
      thumb: media(n.thumb),
      poster: media(n.poster),
      video_id: n.videoId ?? '',
      published_at: publishedAt(n.publishedDaysBeforeStart),
      title_folded: '',
      search_text: '',
    };
  });

  const menuItems: ContentRows['menu_items'] = [];
  let menuId = 0;
  const addMenu = (scope: string, location: string, items: MenuItemFile[], parentId: number | null) => {
    items.forEach((item, position) => {
      const id = ++menuId;
      menuItems.push({
        id,
        scope,
        location,
        parent_id: parentId,
        position,
        title: item.title,
        menu_url: checkedLink(item.menuUrl, `menu ${scope}/${location} "${item.title}"`),
        internal_page_id: item.internalPageId,
        template_id: item.templateId,
      });
      addMenu(scope, location, item.childs ?? [], id);
    });
  };
  for (const [scope, menus] of Object.entries(bundle.menus)) {
    addMenu(scope, 'top', menus.top, null);
    addMenu(scope, 'bottom', menus.bottom, null);
  }

  let posterId = 0;
  const posters: ContentRows['posters'] = Object.entries(bundle.posters).flatMap(([scope, lists]) =>
    (['poster', 'banner'] as const).flatMap((kind) =>
      lists[kind].map((p, position) => ({
        id: ++posterId,
        scope,
        kind,
        position,
        img: media(p.img),
        link: checkedLink(p.link, `${kind} ${scope} ${position + 1}`),
        caption_html: clean(p.captionHtml),
      })),
    ),
  );

  const rows: ContentRows = {
    site_settings: [
      {
        key: 'settings',
        value: JSON.stringify({
          ...bundle.settings,
          editionNumber: edition.number,
          year: edition.year,
          social: Object.fromEntries(
            Object.entries(bundle.settings.social).map(([network, link]) => [network, checkedLink(link, `redes sociais (${network})`)]),
          ) as EditionSettings['social'],
          teamHtml: clean(bundle.settings.teamHtml),
          presentationHtml: clean(bundle.settings.presentationHtml),
        } satisfies EditionSettings),
      },
      // The day is part of the version: an import on another day may publish more news.
      { key: 'content_version', value: `${loaded.version}-${festivalStart}-${today}` },
      { key: 'festival_start', value: festivalStart },
      { key: 'festival_days', value: String(options.festivalDays) },
    ],
    sections: bundle.sections.map((s) => ({ id: s.id, name: s.name, scope: s.scope, asset_type: s.assetType, position: s.position })),
    cities: bundle.cities.map((c) => ({ id: c.id, name: c.name, position: c.position })),
    venues: bundle.venues.map((v) => ({
      id: v.id,
      city_id: v.cityId,
      name: v.name,
      address: v.address,
      turnover_min: v.turnoverMin ?? VENUE_DEFAULTS.turnover_min,
      opens_at: v.opensAt ?? VENUE_DEFAULTS.opens_at,
      closes_at: v.closesAt ?? VENUE_DEFAULTS.closes_at,
      gender: venueGender(v.gender),
      ...venueFacts(v),
    })),
    travel_times: travelTimeRows(bundle.travelTimes, bundle.cities, problems),
    movies,
    sessions,
    news,
    sponsor_groups: bundle.sponsorGroups.map((g) => ({
      id: g.id,
      name: g.name,
      scope: g.scope,
      position: g.position,
      minimized: g.minimized ? 1 : 0,
    })),
    sponsors: bundle.sponsorGroups.flatMap((g) =>
      g.sponsors.map((s, position) => ({
        id: s.id,
        group_id: g.id,
        position,
        name: s.name,
        link: checkedLink(s.link, `patrocinador ${s.id}`),
        thumb: media(s.thumb),
        description_html: clean(s.descriptionHtml),
      })),
    ),
    posters,
    content_files: [...pdfs].map(([file_name, data]) => ({ file_name, data })),
    press_items: published(bundle.press).map((p) => ({
      id: p.id,
      type: p.type,
      title: p.title,
      description_html: clean(p.descriptionHtml),
      ...file(p.file),
      published_at: publishedAt(p.publishedDaysBeforeStart),
    })),
    programme_entries: bundle.programme.map((e, position) => ({ id: e.id, position, description_html: clean(e.descriptionHtml) })),
    programme_attachments: bundle.programme.flatMap((e) =>
      e.attachments.map((a, position) => ({
        id: a.id,
        entry_id: e.id,
        position,
        title: a.title,
        description_html: clean(a.descriptionHtml),
        ...file(a.file),
      })),
    ),
    custom_pages: bundle.pages.map((p) => ({
      id: p.id,
      slug: p.slug,
      template_id: p.template,
      title: p.title,
      poster: media(p.poster),
      main_html: clean(p.mainHtml),
      sidebar_html: clean(p.sidebarHtml),
      num_text_cols: p.numTextCols,
      subsection_title: p.subsectionTitle,
      subsection_html: clean(p.subsectionHtml),
    })),
    custom_page_cards: bundle.pages.flatMap((p) =>
      p.cards.map((c, position) => ({
        page_id: p.id,
        position,
        movie_id: c.movieId,
        thumb: media(c.thumb),
        title: c.title,
        description: c.description,
      })),
    ),
    history_editions: bundle.history.map((h) => ({
      edition: h.edition,
      title: h.title,
      poster: media(h.poster),
      venues_html: clean(h.venuesHtml),
      guests_html: clean(h.guestsHtml),
      awards_html: clean(h.awardsHtml),
      numbers_html: clean(h.numbersHtml),
      sponsors_html: clean(h.sponsorsHtml),
    })),
    history_movies: bundle.history.flatMap((h) =>
      h.listMovies.map((m, position) => ({ edition: h.edition, position, thumb: media(m.thumb), list_html: clean(m.listHtml) })),
    ),
    menu_items: menuItems,
  };
  applySeedTranslations(rows, loaded.bundle, loaded.translations, edition, problems);
  // Searched in every language: worked out once the translations are in.
  for (const m of rows.movies) Object.assign(m, workSearchColumns(m, sectionName.get(m.section_id) ?? ''));
  for (const n of rows.news) Object.assign(n, newsSearchColumns(n));
  if (problems.length > 0) throw new Error(`A importação de conteúdos falhou:\n  - ${problems.join('\n  - ')}`);
  return rows;
}

/** A film's year: a number, or a marker the import has replaced by one. */
function yearOf(value: number | string, where: string, problems: string[]): number {
  const year = Number(value);
  if (!Number.isInteger(year) || year < 1888) problems.push(`${where}: ano inválido ${String(value)}`);
  return year;
}

/** Imports the content directory into the database, replacing the previous content. */
export async function importContent(db: Db, options: ImportOptions): Promise<{ version: string; counts: Record<string, number> }> {
  const loaded = loadContent(options.contentDir);
  const rows = await buildRows(loaded, options);
  await importAsRelease(db, rows, CONTENT_TABLES, (options.clock ?? systemClock)().toISOString());
  return {
    version: loaded.version,
    counts: Object.fromEntries(Object.entries(rows).map(([table, list]) => [table, (list as unknown[]).length])),
  };
}
