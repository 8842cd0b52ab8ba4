/** Business constants of the spec (section 9), shared by the browser and the server. */

export const SCOPES = ['festa', 'distrib'] as const;
export type Scope = (typeof SCOPES)[number];
export const DEFAULT_SCOPE: Scope = 'festa';

export const PRESS_TYPES = ['pressrelease', 'presskit', 'support'] as const;
export type PressType = (typeof PRESS_TYPES)[number];
export const DEFAULT_PRESS_TYPE: PressType = 'pressrelease';

export type AssetType = 'movies' | 'activities';
/** The sections endpoint's asset types, as the spec names them: films per scope, or activities. */
export const SECTION_ASSET_TYPES = ['movies_festa', 'movies_distrib', 'activities'] as const;
export type SectionAssetType = (typeof SECTION_ASSET_TYPES)[number];
export const moviesAssetType = (scope: Scope): SectionAssetType => `movies_${scope}`;

export const HISTORY_TABS = ['programacao', 'convidados', 'premios', 'numeros', 'patrocinadores'] as const;
export type HistoryTab = (typeof HISTORY_TABS)[number];
export const DEFAULT_HISTORY_TAB: HistoryTab = 'programacao';

export const DEFAULT_DAY = '0';

/*
 * The filters' default choices are both a value (compared with a section's name, read from an
 * address) and words on the page. The value is the pt-PT text, as the spec gives it, whatever the
 * page's language; what the visitor reads is the descriptor, translated by the page's i18n
 * (`i18n._(ALL_SECTIONS)` where the option's value is DEFAULT_SECTION_NAME).
 */

/** The films' section filter's "all sections" choice. */
export const ALL_SECTIONS = /*i18n*/ { id: 'filters.allSections', message: 'SECÇÕES' };
export const DEFAULT_SECTION_NAME = ALL_SECTIONS.message;
/** The section whose choice lists the distribution label's films. */
export const DISTRIBUTION = /*i18n*/ { id: 'filters.distribution', message: 'Distribuição' };
export const DISTRIBUTION_SECTION = DISTRIBUTION.message;
/** The activities' section filter's "all sections" choice (the spec writes it without the cedilla). */
export const ALL_ACTIVITY_SECTIONS = /*i18n*/ { id: 'filters.allActivitySections', message: 'SECCOES' };
export const DEFAULT_ACTIVITY_SECTION_NAME = ALL_ACTIVITY_SECTIONS.message;
/** The label of items that are not films (ismovie other than '1'): show `i18n._(PARALLEL_EVENTS)`. */
export const PARALLEL_EVENTS = /*i18n*/ { id: 'activities.parallelEvents', message: 'EVENTOS PARALELOS' };
/** Its pt-PT words, for code not yet translated: show `i18n._(PARALLEL_EVENTS)`. */
export const PARALLEL_EVENTS_LABEL = PARALLEL_EVENTS.message;
/** The films filter's "all films" choice: its value is mov_id '0'; show `i18n._(ALL_FILMS)`. */
export const ALL_FILMS = /*i18n*/ { id: 'filters.allFilms', message: 'FILMES' };
export const DEFAULT_MOVIE_FILTER: { readonly mov_id: '0'; readonly mov_name: string } = { mov_id: '0', mov_name: ALL_FILMS.message };

export const POSTER_INTERVAL_MS = 3000;
export const BANNER_INTERVAL_MS = 5000;
export const POSTER_HEIGHT_OFFSET_PX = 26;
export const SECTION_SELECT_DELAY_MS = 100;
export const NEWSLETTER_HIDE_DELAY_MS = 3000;
export const RESIZE_AFTER_ARROW_MS = 400;
export const SHARE_POPUP = { width: 626, height: 436 } as const;

/** Ticket requests: how many seats one request may ask for. */
export const TICKETS_MIN = 1;
export const TICKETS_MAX = 10;

/** The festival's name: a name, the same in every language (never a message of the catalogs). */
export const FESTIVAL_NAME = '8½ Festa do Cinema Italiano';
