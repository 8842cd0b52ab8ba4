/**
 * What GET /gestao/api/grid answers (server/gestao/editing/draft-clashes.ts) and the schedule
 * grid reads (src/gestao/screens/grid-screen.tsx): the programme as in the draft.
 */
import type { Clash, ClashInput, ClashSession, ClashVenue } from './programme-clash-rules';
import type { SessionFollow } from './session-access';

export interface ClashAcceptance {
  key: string;
  reason: string;
  acceptedBy: string;
  acceptedAt: string;
}

/** A clash as the back office shows it: accepted with a reason, or not. */
export interface DraftClash extends Clash {
  acceptance: ClashAcceptance | null;
}

export interface GridVenue extends ClashVenue {
  address: string;
}
export interface GridSession extends ClashSession {
  /** The record's version (what a move from the grid sends as baseVersion). */
  version: number;
  status_note: string;
  code: string;
  /** What visitors read of its languages, subtitles, rating and access (its own, else its film's), in the draft. */
  follow: SessionFollow;
}

export interface GridAnswer {
  cities: { id: number; name: string }[];
  city: number;
  /** The city's venues, with their hours and turnover. */
  venues: GridVenue[];
  /** The festival days ('YYYY-MM-DD'), and any other day the city has a session on. */
  days: string[];
  /** The newest release's number (null before the first): a move is undone only until the next one. */
  release: number | null;
  /** Today's festival day by the server's clock (a festival day ends at 06:00): the grid opens on it during the festival. */
  today: string;
  /** The city's sessions, as in the draft. */
  sessions: GridSession[];
  /** Journey times between cities. */
  travelTimes: ClashInput['travelTimes'];
  /** Every clash of the draft, all cities (a guest may be wanted in two). */
  clashes: DraftClash[];
  /** The clashes accepted with a reason (a clash stays accepted while its key stays the same). */
  acceptances: ClashAcceptance[];
  /**
   * The other cities' venues and sessions: the grid recomputes the clashes of a move in the browser
   * over the whole programme (a guest expected in two cities, one film in two places).
   */
  elsewhere: { venues: GridVenue[]; sessions: GridSession[] };
}

/** A session as its record is written back (PUT /gestao/api/records/sessions/:id). */
export const sessionFields = (s: GridSession) => ({
  movie_id: s.movie_id,
  venue_id: s.venue_id,
  starts_at: s.starts_at,
  status: s.status,
  status_note: s.status_note,
  guest: s.guest,
  code: s.code,
});
