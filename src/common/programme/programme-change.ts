/**
 * A published change to a session that people plan by: its time or day, its venue, or its status
 * (cancelled, delayed, moved, sold out…). Each publish that changes a session records one, with the
 * session as it was and as it now is, so that every public place the session appears can say
 * "Mudou: era às 18:00", the changes page and its Atom feed can list it, the door sheet and the
 * printed programme can print the old time beside the new, and Web Push can tell those who
 * starred it. The server writes these in the release's own transaction
 * (server/db/repositories/programme/programme-changes-repository.ts).
 */
import type { SessionStatus } from './session-status';
import type { VenueGender } from './venue-gender';
import type { AccessFeature } from './session-access';

/** Where and when a session is, and what visitors read about it. */
export interface SessionPlace {
  /** Lisbon wall time, YYYY-MM-DDTHH:MM. */
  starts_at: string;
  venue_id: number;
  venue_name: string;
  /** The venue name's grammatical gender ("era na Cinemateca"); absent in changes recorded before venues had one. */
  venue_gender?: VenueGender;
  city_id: number;
  city_name: string;
  status: SessionStatus;
  status_note: string;
  /** Its access features, its own or its film's (session-access.ts); absent in changes recorded before sessions had them. */
  access?: AccessFeature[];
}

/** What changed, in the order visitors are told of it: a cancellation outweighs a new time. */
export const CHANGE_KINDS = ['cancelled', 'restored', 'retimed', 'delayed', 'moved', 'sold_out', 'few_seats', 'access'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export interface ProgrammeChange {
  id: number;
  /** The release that published it. */
  release: number;
  /** When it was published (ISO instant, UTC). */
  published_at: string;
  session_id: string;
  /** The film's or activity's title, as it was published. */
  title: string;
  /** The public page the session belongs to: /filme/<id> or /actividade/<id>. */
  path: string;
  kind: ChangeKind;
  was: SessionPlace;
  now: SessionPlace;
}
