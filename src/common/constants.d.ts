/** Business constants of the spec (section 9), shared by the browser and the server. */
export declare const SCOPES: readonly ["festa", "distrib"];
export type Scope = (typeof SCOPES)[number];
export declare const DEFAULT_SCOPE: Scope;
export declare const PRESS_TYPES: readonly ["pressrelease", "presskit", "support"];
export type PressType = (typeof PRESS_TYPES)[number];
export declare const DEFAULT_PRESS_TYPE: PressType;
export declare const ASSET_TYPES: readonly ["movies", "activities"];
export type AssetType = (typeof ASSET_TYPES)[number];
export declare const HISTORY_TABS: readonly ["programacao", "convidados", "premios", "numeros", "patrocinadores"];
export type HistoryTab = (typeof HISTORY_TABS)[number];
export declare const DEFAULT_HISTORY_TAB: HistoryTab;
export declare const DEFAULT_AGENDA_COLOR = "#ed162c";
export declare const DEFAULT_CITY = "-1";
export declare const DEFAULT_DAY = "0";
export declare const DEFAULT_CATEGORY = "0";
export declare const DEFAULT_SECTION_NAME = "SEC\u00C7\u00D5ES";
/** The section whose choice lists the distribution label's films. */
export declare const DISTRIBUTION_SECTION = "Distribui\u00E7\u00E3o";
export declare const DEFAULT_ACTIVITY_SECTION_NAME = "SECCOES";
export declare const DEFAULT_MOVIE_FILTER: {
    readonly mov_id: "0";
    readonly mov_name: "FILMES";
};
export declare const POSTER_INTERVAL_MS = 3000;
export declare const BANNER_INTERVAL_MS = 5000;
export declare const POSTER_HEIGHT_OFFSET_PX = 26;
export declare const SECTION_SELECT_DELAY_MS = 100;
export declare const NEWSLETTER_HIDE_DELAY_MS = 3000;
export declare const RESIZE_AFTER_ARROW_MS = 400;
export declare const DAYS_REMEASURE_MS = 500;
export declare const SHARE_POPUP: {
    readonly width: 626;
    readonly height: 436;
};
export declare const SEARCH_CARD_HEIGHT = 140;
/** Ticket requests: how many seats one request may ask for. */
export declare const TICKETS_MIN = 1;
export declare const TICKETS_MAX = 10;
