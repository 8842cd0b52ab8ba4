/**
 * The shapes of the HTTP API under /admin, derived from the response schemas
 * (src/common/api/response-schemas.ts): one definition for the server, the browser and OpenAPI.
 */
import type { FromSchema } from 'json-schema-to-ts';
import type * as S from './response-schemas';

export type Flag = '0' | '1';

export type HomePrefs = FromSchema<typeof S.homePrefsSchema>;
export type Visibility = HomePrefs['visibility']['festa'];
export type MenuItem = FromSchema<typeof S.menuItemSchema>;
/** A menu item at either level (a dropdown child has no children of its own). */
export type MenuEntry = MenuItem | MenuItem['childs'][number];
export type Menus = FromSchema<typeof S.menusSchema>;
/** A film or activity as a card. */
export type Card = FromSchema<typeof S.cardSchema>;
/** A film in lists (films by category, by festival city). */
export type MovieListItem = FromSchema<typeof S.movieListItemSchema>;
export type Session = FromSchema<typeof S.sessionSchema>;
/** GET /api/movie/{id}: a film (or activity) in full. */
export type Movie = FromSchema<typeof S.movieSchema>;
/** An event of a city programme day: a card with its session's time and venue. */
export type ProgrammeEvent = FromSchema<typeof S.programmeEventSchema>;
export type City = FromSchema<typeof S.citySchema>;
/** GET /api/movies_from_festival/{city}: day keys ('d7') to events; [] when the city has none. */
export type CityProgramme = FromSchema<typeof S.cityProgrammeSchema>;
export type Section = FromSchema<typeof S.sectionSchema>;
export type FilmFilterItem = FromSchema<typeof S.filmFilterItemSchema>;
export type NewsItem = FromSchema<typeof S.newsItemSchema>;
export type PosterItem = FromSchema<typeof S.posterItemSchema>;
export type Posters = FromSchema<typeof S.postersSchema>;
export type Sponsor = FromSchema<typeof S.sponsorSchema>;
/** Sponsors as items by id plus their display order. */
export type SponsorList = FromSchema<typeof S.sponsorListSchema>;
export type CustomPage = FromSchema<typeof S.customPageSchema>;
export type CustomPageCard = CustomPage['cards'][number];
export type FestivalEdition = FromSchema<typeof S.festivalEditionSchema>;
export type Activity = FromSchema<typeof S.activitySchema>;
export type SearchHit = FromSchema<typeof S.searchHitSchema>;
/** Found counts: index 0 movies, 1 festivals (parallel events), 2 news. */
export type SearchResults = FromSchema<typeof S.searchResultsSchema>;
export type PressItem = FromSchema<typeof S.pressItemSchema>;
export type FestivalProgrammeEntry = FromSchema<typeof S.festivalProgrammeEntrySchema>;
export type FestivalTexts = FromSchema<typeof S.festivalTextsSchema>;
export type Venue = FromSchema<typeof S.venueSchema>;
export type ProgrammeSync = FromSchema<typeof S.programmeSyncSchema>;
export type ProgrammeChanges = FromSchema<typeof S.programmeChangesSchema>;
/** A session as the personal agenda keeps it, with its version. */
export type AgendaSession = FromSchema<typeof S.agendaSessionSchema>;
export type TravelTime = FromSchema<typeof S.travelTimeSchema>;
/** The search index (folded titles and texts), for searching the saved programme offline. */
export type SearchIndex = FromSchema<typeof S.searchIndexSchema>;
export type SearchDocumentEntry = SearchIndex['movies'][number];
/** Answer of every accepted POST. */
export type SubmissionAck = FromSchema<typeof S.submissionAckSchema>;
export type PushAck = FromSchema<typeof S.pushAckSchema>;
/** Answer of a rejected request: a pt-PT message, and per-field messages for a bad form. */
export type ApiError = FromSchema<typeof S.apiErrorSchema>;
