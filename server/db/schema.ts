/**
 * Kysely's view of the database, as the migrations leave it. A content table's columns are its
 * collection's fields (src/common/gestao/collections/), typed as the database holds them, with
 * the key and the columns the server works out beside them.
 */
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { COLLECTIONS } from '../../src/common/gestao/collections';
import type { CollectionColumns, ListColumns, TranslationColumnNames } from '../../src/common/gestao/collections/field-kit';

type Collections = typeof COLLECTIONS;
/** A type's columns; its translations (a later migration's, empty by default) optional on insert. */
type Columns<T extends keyof Collections> = AddedLater<
  CollectionColumns<Collections[T]>,
  TranslationColumnNames<Collections[T]> & keyof CollectionColumns<Collections[T]>
>;
/** The columns of a list field's items (a page's cards), kept in a table of their own. */
type Items<T extends keyof Collections, F extends keyof Collections[T]['fields']> = ListColumns<Collections[T]['fields'][F]>;
/** Columns a later migration added with a default: optional on insert. */
type AddedLater<T, K extends keyof T> = Omit<T, K> & { [P in K]: ColumnType<T[P], T[P] | undefined, T[P]> };

export interface SiteSettingsTable {
  key: string;
  value: string;
}
export type SectionsTable = { id: number } & Columns<'sections'>;
export type CitiesTable = { id: number } & Columns<'cities'>;
/** The programmer's desk's turnover and hours, and the venue's grammatical gender: later migrations' columns, so optional on insert. */
/** A venue's card (its access facts, directions, box office) came later still, with defaults ('' and 0). */
export type VenuesTable = { id: number } & AddedLater<Columns<'venues'>, 'turnover_min' | 'opens_at' | 'closes_at' | 'gender' | VenueCard>;
type VenueCard = 'directions' | 'box_office' | 'step_free' | 'wheelchair_places' | 'hearing_loop' | 'accessible_toilets';
/** What a visitor needs to follow a film or a session (session-access.ts): a later migration's, '' by default. */
type Follow = 'spoken_languages' | 'subtitle_languages' | 'age_rating' | 'access_features';
/**
 * The language a film is shown in, and its subtitles ('' for parallel events): a later migration's
 * columns, so optional on insert. title_folded and search_text are worked out (derived-columns.ts).
 */
export type MoviesTable = { id: number } & AddedLater<Columns<'movies'>, 'language' | 'subtitles' | Follow> & {
    title_folded: string;
    search_text: string;
  };
/** Journey time between two festival cities, one row per pair (either order). */
export type TravelTimesTable = Columns<'travel_times'>;
/**
 * A session's last-minute status (src/common/programme/session-status.ts) with the reason visitors
 * read, its guests (the clash rules keep them in one place at a time) and the stable code a
 * spreadsheet row is matched by: later migrations' columns, so optional on insert.
 */
export type SessionsTable = { id: number } & AddedLater<Columns<'sessions'>, 'status' | 'status_note' | 'guest' | 'code' | Follow>;
/** A published change to a session, kept across imports and rollbacks (server/db/repositories/programme/programme-changes-repository.ts). */
export interface ProgrammeChangesTable {
  id: Generated<number>;
  release_number: number;
  published_at: string;
  session_id: number;
  kind: string;
  title: string;
  path: string;
  /** A SessionPlace (src/common/programme/programme-change.ts) as JSON. */
  was_json: string;
  now_json: string;
}
/** Not content: kept across imports (server/db/repositories/programme/session-sequences-repository.ts). */
export interface SessionSequencesTable {
  session_id: number;
  version: string;
  sequence: Generated<number>;
}
export type NewsTable = { id: number } & Columns<'news'> & { title_folded: string; search_text: string };
export type SponsorGroupsTable = { id: number } & Columns<'sponsor_groups'>;
export type SponsorsTable = { id: number } & Columns<'sponsors'>;
export type PostersTable = { id: number } & Columns<'posters'>;
/** The PDF's type and size are the stored file's. */
export type PressItemsTable = { id: number } & Columns<'press_items'> & { mime: string; size: number };
/** A file the import wrote (press material, programme attachment), by the name its row gives. */
export interface ContentFilesTable {
  file_name: string;
  data: Buffer;
}
/** A picture uploaded in /gestao (re-encoded, metadata gone), named by its content; alt text and focal point editable. */
export interface MediaUploadsTable {
  path: string;
  mime: string;
  width: number;
  height: number;
  size: number;
  data: Buffer;
  original_name: string;
  alt: Generated<string>;
  focal_x: Generated<number>;
  focal_y: Generated<number>;
  uploaded_by: string;
  uploaded_at: string;
}
/** The offline programme as one content version answered it (gzipped JSON by path): what a visitor's delta sync is diffed from. */
export interface ProgrammeSnapshotsTable {
  version: string;
  made_at: string;
  answers_gz: Buffer;
}
export type ProgrammeEntriesTable = { id: number } & Columns<'programme_entries'>;
export type ProgrammeAttachmentsTable = Items<'programme_entries', 'attachments'> & {
  entry_id: number;
  position: number;
  mime: string;
  size: number;
};
export type CustomPagesTable = { id: number } & Columns<'custom_pages'>;
export type CustomPageCardsTable = { page_id: number; position: number } & Items<'custom_pages', 'cards'>;
export type HistoryEditionsTable = Columns<'history_editions'>;
export type HistoryMoviesTable = { edition: string; position: number } & Items<'history_editions', 'movies'>;
/** template_id is the chosen page's (server/gestao/editing/records.ts), 0 for a link. */
export type MenuItemsTable = { id: number } & Columns<'menu_items'> & { template_id: number };
export interface NewsletterSubscriptionsTable {
  id: string;
  email: string;
  city: string;
  created_at: string;
}
export interface AccreditationRequestsTable {
  id: string;
  name: string;
  company: string;
  email: string;
  telf: string;
  created_at: string;
}
export interface TicketRequestsTable {
  id: string;
  session_id: number;
  session_label: string;
  name: string;
  email: string;
  tickets: number;
  created_at: string;
}
export interface IdempotencyKeysTable {
  key: string;
  route: string;
  body_hash: string;
  status_code: number;
  response_json: string;
  created_at?: string;
}
/** The back office's staff (migration 2026-11-26T00-00_staff). Emails are stored lower-cased. */
export interface StaffUsersTable {
  id: Generated<number>;
  email: string;
  role: string;
  /** argon2id, PHC string. */
  password_hash: string;
  created_at: string;
  disabled_at: string | null;
  /** TOTP (migration 2026-11-26T00-05_staff-totp): the base32 secret, in force once enabled. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  totp_enabled_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last time step a code was accepted for (a code is good once). */
  totp_last_step: ColumnType<number | null, number | null | undefined, number | null>;
}
/** A staff member's passkey (migration 2026-11-26T02-00_staff-passkeys); ids and keys base64url. */
export interface StaffPasskeysTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  public_key: string;
  /** The authenticator's signature counter (bigint: PostgreSQL may answer it as a string). */
  counter: ColumnType<number | string, number, number>;
  /** JSON array of transports. */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
}
/** A WebAuthn challenge under way: deleted by the check that uses it. */
export interface StaffPasskeyChallengesTable {
  challenge: string;
  purpose: string;
  user_id: number | null;
  expires_at: string;
}
/** A staff session, keyed by the SHA-256 of its id; `handle` is what the sessions page names it by. */
export interface StaffSessionsTable {
  id_hash: string;
  handle: string;
  user_id: number | null;
  /** The session's data as JSON (the CSRF secret, who logged in). */
  data: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}
export interface StaffLoginFailuresTable {
  id: Generated<number>;
  email: string;
  ip: string;
  at: string;
  /** The known device whose cookie the attempt carried (SHA-256 of its nonce), or the session of a reauth; null: neither. */
  device: string | null;
  /** 'password' (a password or its TOTP code), 'passkey', or 'reauth' (the password again, counted per session). */
  kind: ColumnType<string, string | undefined, string>;
}
/** A device an account logged in on (server/gestao/auth/device-cookies.ts): its cookie counts while this row is here. */
export interface StaffDevicesTable {
  id: Generated<number>;
  /** SHA-256 of the cookie's nonce, as the login counters name the device. */
  device: string;
  user_id: number;
  issued_at: string;
  ip: string;
  user_agent: string;
}
/** A login counter over its limit (server/gestao/auth/login-limits.ts): in force while lifted_at is null and until is ahead. */
export interface StaffLoginLockoutsTable {
  id: Generated<number>;
  scope: string;
  key: string;
  email: string | null;
  ip: string | null;
  failures: number;
  locked_at: string;
  until: string;
  lifted_at: string | null;
  reset_at: string | null;
}
export interface StaffInvitationsTable {
  token_hash: string;
  email: string;
  role: string;
  invited_by: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
/** A one-time link to choose a new password (migration 2026-11-27T09-30_password-resets), by its token's SHA-256. */
export interface StaffPasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_by: number | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}
/** A current password given to POST /gestao/api/account/password, charged to its session before it is checked. */
export interface StaffSecretsTable {
  name: string;
  value: string;
  created_at: string;
}
/** A spreadsheet import of the programme: the file as read, and once applied, what undoing it restores. */
export interface ProgrammeImportsTable {
  id: Generated<number>;
  file_name: string;
  headers_json: string;
  cells_json: string;
  uploaded_by: string;
  uploaded_at: string;
  applied_by: string | null;
  applied_at: string | null;
  mapping_json: string | null;
  touched_json: string | null;
  created_count: ColumnType<number, number | undefined, number>;
  changed_count: ColumnType<number, number | undefined, number>;
  undone_by: string | null;
  undone_at: string | null;
}
/** Append-only (triggers refuse UPDATE and DELETE). */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  actor_id: number | null;
  actor_email: string | null;
  ip: string | null;
  action: string;
  subject: string | null;
  outcome: 'ok' | 'denied' | 'failed';
  before_json: string | null;
  after_json: string | null;
  /** The chain (server/db/audit-chain.ts): written by the app on SQLite, by the trigger on PostgreSQL. */
  prev_hash: Generated<string>;
  hash: Generated<string>;
}

/** An audit entry's seal (server/db/audit-seal.ts): the key's id and the HMAC; append-only. */
export interface AuditLogSealTable {
  entry_id: number;
  key_id: string;
  mac: string;
}

/** The id and hash of the last audit entry written (one row, id 1): entries removed from the end, or added after it, show. */
export interface AuditChainHeadTable {
  id: number;
  last_id: number;
  last_hash: string;
}

/** The back office's pending records (server/db/repositories/publishing/drafts-repository.ts); row_json null is a deletion. */
export interface ContentDraftsTable {
  record_type: string;
  record_id: string;
  row_json: string | null;
  version: number;
  updated_by: string;
  updated_at: string;
}
/** Every save of a record: the version a later write must be based on. */
export interface ContentHistoryTable {
  record_type: string;
  record_id: string;
  version: number;
  row_json: string | null;
  changed_fields: string;
  actor_email: string;
  at: string;
  release_number: number | null;
}
export interface ContentReleasesTable {
  number: number;
  published_at: string;
  published_by: string;
  /** 'publicacao', 'reposicao' (a rollback) or 'importacao' (npm run seed). */
  kind: string;
  changelog_json: string;
  snapshot_json: string;
}

/** The forms inbox: a submission's status in the back office (no row: "novo"). */
export interface SubmissionStatusTable {
  kind: string;
  submission_id: string;
  status: string;
  handled_by: string;
  handled_at: string;
}

/** A publication set for a time (server/gestao/editing/scheduled-publishing.ts). */
export interface ScheduledReleasesTable {
  id: string;
  /** UTC ISO. */
  run_at: string;
  created_by: string;
  created_at: string;
  /** 'agendada', 'a publicar' (claimed by an instance), 'publicada', 'cancelada', 'falhou'. */
  state: string;
  claimed_at: string | null;
  release_number: number | null;
  message: string | null;
  /** The drafts chosen, JSON [{ type, id, by }]; null: the whole draft. */
  drafts_json: string | null;
}

/** What a person typed in a back-office form and has not saved yet (server/db/repositories/publishing/typed-copies-repository.ts). */
export interface StaffTypedCopiesTable {
  user_id: number;
  record_key: string;
  fields_json: string;
  base_version: number;
  saved_at: string;
}
/** Who has a record's form open (server/db/repositories/publishing/record-leases-repository.ts): a person per row, renewed by heartbeat. */
export interface RecordLeasesTable {
  record_type: string;
  record_id: string;
  user_id: number;
  since: string;
  heartbeat_at: string;
}
/**
 * A value a person saved and a colleague's settled conflict replaced, kept until that person has
 * seen it (server/db/repositories/publishing/lost-changes-repository.ts). `lost_value` is JSON.
 */
export interface LostChangesTable {
  id: Generated<number>;
  user_id: number;
  record_type: string;
  record_id: string;
  field: string;
  lost_value: string;
  saved_at: string;
  replaced_by: string;
  replaced_at: string;
  settled_at: string | null;
}
/** A clash of the schedule accepted with a reason, kept by the clash's key (server/db/repositories/programme/clash-acceptances-repository.ts). */
export interface ClashAcceptancesTable {
  key: string;
  reason: string;
  accepted_by: string;
  accepted_at: string;
}
/** A browser's Web Push subscription (no account: the push service's address and the keys that encrypt for it). */
export interface PushSubscriptionsTable {
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The language its notifications are written in: a Locale ('pt-PT' for those made before languages). */
  locale: Generated<string>;
  created_at: string;
  updated_at: string;
}
/** The sessions a push subscription starred: the only thing the server knows of the visitor's agenda. */
export interface PushSubscriptionSessionsTable {
  endpoint: string;
  session_id: string;
}
/** A notification waiting to be sent, or sent (server/push/push-sender.ts). */
export interface PushNotificationsTable {
  id: Generated<number>;
  endpoint: string;
  topic: string;
  payload_json: string;
  urgency: string;
  ttl_seconds: number;
  created_at: string;
  next_attempt_at: string;
  attempts: ColumnType<number, number | undefined, number>;
  claimed_until: string | null;
  sent_at: string | null;
  last_error: string | null;
}
export interface Database {
  site_settings: SiteSettingsTable;
  sections: SectionsTable;
  cities: CitiesTable;
  venues: VenuesTable;
  travel_times: TravelTimesTable;
  movies: MoviesTable;
  sessions: SessionsTable;
  session_sequences: SessionSequencesTable;
  programme_changes: ProgrammeChangesTable;
  programme_snapshots: ProgrammeSnapshotsTable;
  news: NewsTable;
  sponsor_groups: SponsorGroupsTable;
  sponsors: SponsorsTable;
  posters: PostersTable;
  press_items: PressItemsTable;
  content_files: ContentFilesTable;
  media_uploads: MediaUploadsTable;
  programme_entries: ProgrammeEntriesTable;
  programme_attachments: ProgrammeAttachmentsTable;
  custom_pages: CustomPagesTable;
  custom_page_cards: CustomPageCardsTable;
  history_editions: HistoryEditionsTable;
  history_movies: HistoryMoviesTable;
  menu_items: MenuItemsTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  accreditation_requests: AccreditationRequestsTable;
  ticket_requests: TicketRequestsTable;
  idempotency_keys: IdempotencyKeysTable;
  content_drafts: ContentDraftsTable;
  content_history: ContentHistoryTable;
  content_releases: ContentReleasesTable;
  submission_status: SubmissionStatusTable;
  scheduled_releases: ScheduledReleasesTable;
  staff_users: StaffUsersTable;
  staff_sessions: StaffSessionsTable;
  staff_login_failures: StaffLoginFailuresTable;
  staff_login_lockouts: StaffLoginLockoutsTable;
  staff_devices: StaffDevicesTable;
  staff_invitations: StaffInvitationsTable;
  staff_password_resets: StaffPasswordResetsTable;
  staff_secrets: StaffSecretsTable;
  staff_typed_copies: StaffTypedCopiesTable;
  record_leases: RecordLeasesTable;
  lost_changes: LostChangesTable;
  staff_passkeys: StaffPasskeysTable;
  staff_passkey_challenges: StaffPasskeyChallengesTable;
  audit_log: AuditLogTable;
  audit_chain_head: AuditChainHeadTable;
  audit_log_seal: AuditLogSealTable;
  clash_acceptances: ClashAcceptancesTable;
  programme_imports: ProgrammeImportsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_subscription_sessions: PushSubscriptionSessionsTable;
  push_notifications: PushNotificationsTable;
}

export type MovieRow = Selectable<MoviesTable>;
export type NewMovie = Insertable<MoviesTable>;
