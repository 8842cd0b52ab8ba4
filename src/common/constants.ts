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
export const DEFAULT_SECTION_NAME = 'SECÇÕES';
/** The section whose choice lists the distribution label's films. */
export const DISTRIBUTION_SECTION = 'Distribuição';
export const DEFAULT_ACTIVITY_SECTION_NAME = 'SECCOES';
/** The label of items that are not films (ismovie other than '1'). */
export const PARALLEL_EVENTS_LABEL = 'EVENTOS PARALELOS';
export const DEFAULT_MOVIE_FILTER = { mov_id: '0', mov_name: 'FILMES' } as const;

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
