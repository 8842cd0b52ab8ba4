/**
 * The shapes of the HTTP API under /admin/api, typed once for the server and the browser.
 * Field names and value types are the spec's (section 3): ids are strings, flags are '0'/'1'.
 */
import type { AssetType, PressType, Scope } from './constants';
export type Flag = '0' | '1';
export interface Visibility {
    festprog: Flag;
    movies: Flag;
    news: Flag;
}
/** GET /admin/api/homeprefs: everything the client needs at start. */
export interface HomePrefs {
    festivalName: string;
    editionNumber: number;
    /** The current edition's year (the spec's "selected year"). */
    year: number;
    /** First and last festival day, 'YYYY-MM-DD' in Lisbon. */
    festivalStart: string;
    festivalEnd: string;
    defaultScope: Scope;
    agendaColor: string;
    visibility: Record<Scope, Visibility>;
    social: {
        video: string;
        photo: string;
        social: string;
        microblog: string;
    };
    contactEmail: string;
    description: string;
    teamHtml: string;
    presentationHtml: string;
    /** Prefix of every image path in the API (thumb, poster, img). */
    imageBase: string;
    /** Public base URL of the site, for canonical and share links. */
    publicUrl: string;
    /** Base of trailer frames: {videoBase}/play/{id} and {videoBase}/play/{id}/news. */
    videoBase: string;
    /** Programme sync and API data version: changes whenever content is imported. */
    contentVersion: string;
}
export interface MenuItem {
    title: string;
    menu_url: string;
    internal_page_id: number;
    template_id: number;
    childs: MenuItem[];
}
export interface Menus {
    top: MenuItem[];
    bottom: MenuItem[];
}
/** A film or activity as a card. */
export interface Card {
    id: string;
    title: string;
    thumb: string;
    /** Section (tag) label. */
    name: string;
    keywords: string;
    logline: string;
    highlight: Flag;
    ismovie: Flag;
    /** Month number of the item's first session ('' when it has none). */
    mm: string;
}
/** A film in lists (films by category, by festival city). */
export interface MovieListItem extends Card {
    yy: string;
    director: string;
}
export interface Session {
    id: string;
    city_name: string;
    dd: string;
    mm: string;
    hhmm: string;
    venue_name: string;
}
/** GET /api/movie/{id}: a film (or activity) in full. */
export interface Movie extends Card {
    yy: string;
    venue: string;
    hh: string;
    tag: string;
    poster: string;
    director: string;
    description: string;
    video_url: string;
    buybtn_label: string;
    buylink: string;
    fromfestival: Flag;
    technical_info: string;
    sessions: Session[];
}
/** An event of a city programme day: a card with its session's time and venue. */
export interface ProgrammeEvent extends Card {
    session_id: string;
    dd: string;
    hh: string;
    venue: string;
}
export interface City {
    id: string;
    name: string;
}
/** GET /api/movies_from_festival/{city}: day keys ('d7') to events; [] when the city has none. */
export interface CityProgramme {
    festivals: Record<string, ProgrammeEvent[]> | [];
    numPastEvents: number;
}
export interface Section {
    id: string;
    name: string;
    assetType: AssetType;
}
export interface FilmFilterItem {
    id: string;
    name: string;
}
export interface NewsItem {
    id: string;
    title: string;
    thumb: string;
    summary: string;
    pretty_date: string;
    poster: string;
    description: string;
    video_url: string;
    published_at: string;
    dd: string;
    mm: string;
    yy: string;
}
export interface PosterItem {
    img: string;
    link: string;
    description: string;
}
export interface Posters {
    poster: PosterItem[];
    banner: PosterItem[];
}
export interface Sponsor {
    id: string;
    name: string;
    link: string;
    thumb: string;
    minimized: number;
    description: string;
    tag_name: string;
}
/** Sponsors as items by id plus their display order. */
export interface SponsorList {
    items: Record<string, Sponsor>;
    ids: string[];
}
export interface CustomPageCard {
    movie_id: string;
    thumb: string;
    title: string;
    description: string;
}
export interface CustomPage {
    slug: string;
    template_id: number;
    title: string;
    poster: string;
    mainhtml: string;
    sidebarhtml: string;
    num_text_cols: number;
    subsection_title: string;
    subsection_html: string;
    cards: CustomPageCard[];
}
export interface FestivalEdition {
    edition: string;
    title: string;
    poster: string;
    venues: string;
    guests: string;
    awards: string;
    numbers: string;
    sponsors: string;
    list_movies: {
        thumb: string;
        list_html: string;
    }[];
    /** Every edition in the archive, newest first, for navigation between them. */
    editions: string[];
}
export interface Activity {
    id: string;
    title: string;
    keywords: string;
    logline: string;
    poster: string;
    description: string;
    thumb: string;
    name: string;
    ismovie: Flag;
    sessions: Session[];
}
export interface SearchHit {
    id: string;
    thumb: string;
    title: string;
    logline: string;
}
export interface SearchResults {
    movies: SearchHit[];
    news: SearchHit[];
    festivals: SearchHit[];
    /** Found counts: index 0 movies, 1 festivals (parallel events), 2 news. */
    found: [number, number, number];
}
export interface PressItem {
    id: string;
    title: string;
    description: string;
    type: PressType;
    size: number;
    mime: string;
}
export interface ProgrammeAttachment {
    id: string;
    title: string;
    description: string;
    size: number;
    mime: string;
}
export interface FestivalProgrammeEntry {
    description: string;
    attachments: ProgrammeAttachment[];
}
/** Answer of every accepted POST. */
export interface SubmissionAck {
    ok: true;
    id: string;
    message: string;
}
/** Answer of a rejected request: a pt-PT message, and per-field messages for a bad form. */
export interface ApiError {
    statusCode: number;
    error: string;
    message: string;
    fields?: Record<string, string>;
}
