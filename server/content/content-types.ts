/** The seed content files' shapes (see server/content/README.md). */
import type { Flag } from '../../src/common/api/api-types';

export interface SettingsFile {
  festivalName: string;
  /** The year of the first edition: the edition number of an import counts from it. */
  foundedYear: number;
  agendaColor: string;
  /** A block nobody hid is shown: missing scopes or blocks read as '1'. */
  visibility?: Partial<Record<'festa' | 'distrib', Partial<{ festprog: Flag; movies: Flag; news: Flag }>>>;
  social: { video: string; photo: string; social: string; microblog: string };
  contactEmail: string;
  /** Who answers journalists, and the press item (support) with the accreditation rules: /acreditacoes links both. */
  press?: { contactName: string; contactEmail: string; accreditationRulesId: number };
  teamHtml: string;
  presentationHtml: string;
  description: string;
}
/** The settings as the import stores them: the file's, with the edition derived from FESTIVAL_START. */
export interface EditionSettings extends SettingsFile {
  editionNumber: number;
  year: number;
  /**
   * The localised fields' translations and their sources, by language, under the record's column
   * names (`presentation_html`, `presentation_html_source`): the settings are one JSON row, not a table.
   */
  translations?: Partial<Record<'en' | 'it', Record<string, string>>>;
}
export interface SectionFile {
  id: number;
  name: string;
  scope: string;
  assetType: string;
  position: number;
}
export interface CityFile {
  id: number;
  name: string;
  position: number;
}
export interface VenueFile {
  id: number;
  cityId: number;
  name: string;
  address: string;
  /** Minutes between one session's end and the next one's start (cleaning, audience out and in); 15 when absent. */
  turnoverMin?: number;
  /** Opening hours, Lisbon wall clock; a closing time before the opening is after midnight. 10:00 and 02:00 when absent. */
  opensAt?: string;
  closesAt?: string;
  /** The name's grammatical gender ("era na Cinemateca Portuguesa"): 'f', or 'm' (the default) when absent. */
  gender?: 'm' | 'f';
  /** The venue's card: how to get there (metro, bus, train, in words) and the box office's hours. */
  directions?: string;
  boxOffice?: string;
  access?: { stepFree: boolean; wheelchairPlaces: number; hearingLoop: boolean; accessibleToilets: boolean };
}
/**
 * What a visitor needs to follow a film or a session (src/common/programme/session-access.ts), as
 * codes: "it en", "pt en", "M/12", "ad lgp". A session's absent value takes its film's.
 */
export interface FollowFile {
  spokenLanguages?: string;
  subtitleLanguages?: string;
  ageRating?: string;
  accessFeatures?: string;
}
/** How long the journey between two festival cities takes, door to door; one entry per pair. */
export interface TravelTimeFile {
  fromCityId: number;
  toCityId: number;
  minutes: number;
}
export interface FilmFile extends FollowFile {
  id: number;
  title: string;
  originalTitle: string;
  director: string;
  /** A year, or a marker of one ("{{year-1}}": see edition.ts). */
  year: number | string;
  country: string;
  durationMin: number;
  /** The language it is shown in; the festival's rule when absent: Italian, subtitled in Portuguese. */
  language?: string;
  subtitles?: string;
  sectionId: number;
  scope: string;
  highlight: boolean;
  keywords: string;
  logline: string;
  descriptionHtml: string;
  technicalInfoHtml: string;
  videoId: string | null;
  buyLabel: string;
  buyLink: string;
  fromFestival: boolean;
  thumb: string;
  poster: string;
}
export interface ActivityFile extends FollowFile {
  id: number;
  title: string;
  sectionId: number;
  keywords: string;
  logline: string;
  descriptionHtml: string;
  thumb: string;
  poster: string;
}
export interface SessionFile extends FollowFile {
  id: number;
  workId: number;
  venueId: number;
  day: number;
  time: string;
  /** Who attends the session (a director at a Q&A), names separated by commas. */
  guest?: string;
}
export interface NewsFile {
  id: number;
  scope: string;
  title: string;
  summary: string;
  descriptionHtml: string;
  thumb: string;
  poster: string;
  videoId: string | null;
  publishedDaysBeforeStart: number;
}
export interface SponsorGroupFile {
  id: number;
  name: string;
  scope: string;
  position: number;
  minimized: boolean;
  sponsors: { id: number; name: string; link: string; thumb: string; descriptionHtml: string }[];
}
export interface PosterFile {
  img: string;
  link: string;
  captionHtml: string;
}
export type PostersFile = Record<'festa' | 'distrib', { poster: PosterFile[]; banner: PosterFile[] }>;
export interface PressFile {
  id: number;
  type: string;
  title: string;
  descriptionHtml: string;
  file: string;
  publishedDaysBeforeStart: number;
}
export interface ProgrammeFile {
  id: number;
  descriptionHtml: string;
  attachments: { id: number; title: string; descriptionHtml: string; file: string }[];
}
export interface PageFile {
  id: number;
  slug: string;
  template: number;
  title: string;
  poster: string;
  mainHtml: string;
  sidebarHtml: string;
  numTextCols: number;
  subsectionTitle: string;
  subsectionHtml: string;
  cards: { movieId: number; thumb: string; title: string; description: string }[];
}
export interface HistoryFile {
  /** The edition's year, usually a marker ("{{year-1}}"): past editions follow the configured one. */
  edition: string;
  title: string;
  poster: string;
  venuesHtml: string;
  guestsHtml: string;
  awardsHtml: string;
  numbersHtml: string;
  sponsorsHtml: string;
  listMovies: { thumb: string; listHtml: string }[];
}
export interface MenuItemFile {
  title: string;
  menuUrl: string;
  internalPageId: number;
  templateId: number;
  childs: MenuItemFile[];
}
export type MenusFile = Record<'festa' | 'distrib', { top: MenuItemFile[]; bottom: MenuItemFile[] }>;

export interface ContentBundle {
  settings: SettingsFile;
  sections: SectionFile[];
  cities: CityFile[];
  venues: VenueFile[];
  travelTimes: TravelTimeFile[];
  films: FilmFile[];
  activities: ActivityFile[];
  sessions: SessionFile[];
  news: NewsFile[];
  sponsorGroups: SponsorGroupFile[];
  posters: PostersFile;
  press: PressFile[];
  programme: ProgrammeFile[];
  pages: PageFile[];
  history: HistoryFile[];
  menus: MenusFile;
}
