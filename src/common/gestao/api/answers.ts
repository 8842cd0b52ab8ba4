/**
 * What /gestao/api answers, where no other module of the back office already says it: the staff
 * session, the team, the releases and what the print screen chooses from. Types only; the
 * endpoint table (gestao-endpoints.ts) names each endpoint's answer, and the server's handlers must
 * return it.
 */
import type { FieldValue, RecordFields, RecordView } from '../record-schemas';
import type { RecordType, Role } from '../roles';
import type { TranslatedLocale } from '../translations';

/** The person logged in. */
export interface StaffUser {
  id: number;
  email: string;
  role: Role;
}

/** What GET /session and every login answer. */
export interface SessionAnswer {
  /** The X-CSRF-Token of every request that changes something. */
  csrfToken: string;
  user: StaffUser | null;
  /** An administrator without a second factor: the server refuses everything but its enrolment. */
  enrolmentRequired: boolean;
  /** GET /session: the account's two-step login is on (a login's answer does not say). */
  totpEnabled?: boolean;
}

/** One account of the team ("Equipa"). */
export interface UserView {
  id: number;
  email: string;
  role: Role;
  roleLabel: string;
  createdAt: string;
  disabledAt: string | null;
  /** Two-step login (TOTP) in force. */
  totpEnabled: boolean;
  /** How many passkeys the account has. */
  passkeys: number;
}

/** An invitation as the invited person opens it. */
export interface InvitationView {
  email: string;
  role: string;
  roleLabel: string;
  expiresAt: string;
}

/**
 * A one-time link, valid until `expiresAt`: an invitation, a password reset. Sent by e-mail where
 * the server has SMTP (`delivery: 'email'`: the link is the person's alone); otherwise, or when the
 * mail server refused it (`mailProblem`), given here to copy and hand over.
 */
export type LinkAnswer =
  { delivery: 'email'; sentTo: string; expiresAt: string } | { delivery: 'link'; link: string; expiresAt: string; mailProblem?: string };

/** An invitation not yet accepted, for the team screen: `expired` once its 72 hours are over. */
export interface PendingInvitation {
  /** The SHA-256 of its token (the token itself is only in the link). */
  id: string;
  email: string;
  role: string;
  roleLabel: string;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
}

export type ReleaseKind = 'publicacao' | 'reposicao' | 'importacao';

/** A numbered release: a publication, a rollback or an import, with its changelog. */
export interface ReleaseSummary {
  number: number;
  publishedAt: string;
  publishedBy: string;
  kind: ReleaseKind;
  changelog: string[];
}

export type ScheduledState = 'agendada' | 'a publicar' | 'publicada' | 'cancelada' | 'falhou';

export interface ScheduledRelease {
  id: string;
  runAt: string;
  createdBy: string;
  state: ScheduledState;
  releaseNumber: number | null;
  message: string | null;
  /** The drafts it publishes, chosen when it was set, with whose they are; null: the whole draft. */
  drafts: ScheduledDraft[] | null;
}

/** A record's draft, by its type and id: what is chosen to publish or to schedule. */
export interface DraftChoice {
  type: RecordType;
  id: string;
}

/** A chosen draft kept by a scheduled publication, with who saved it (whose change it is). */
export interface ScheduledDraft extends DraftChoice {
  by: string;
}

/** A record's pending draft on the publish screen: who saved it last, when, and what publishing it would change. */
export interface PendingDraft extends ScheduledDraft {
  at: string;
  changelog: string[];
}

/** GET /draft: what the whole draft changes, and each record's draft to choose from. */
export interface DraftAnswer {
  changelog: string[];
  drafts: PendingDraft[];
}

/** What restoring a release would do, for its confirmation: what it undoes, and the draft that stays (in the changelog's words). */
export interface RestorePreview {
  undoes: string[];
  draftStays: string[];
}

/** What the printed programme can be made of: the published content's cities, venues and days. */
export interface PrintOptions {
  festivalName: string;
  year: number;
  release: number | null;
  cities: { id: number; name: string }[];
  venues: { id: number; cityId: number; name: string }[];
  days: string[];
  /** Today's festival day by the server's clock (a festival day ends at 06:00): the door sheet opens on it during the festival. */
  today: string;
}

/**
 * A field that both the save and someone else changed since the form was read (or that a rollback
 * changed), each to their own value: the one thing a save cannot merge by itself.
 */
export interface FieldConflict {
  field: string;
  /** The value the form started from; absent when the server cannot know it (see `baseFields` of the save). */
  base?: FieldValue;
  /** The value stored now, saved by `by` (an email) at `at`. */
  theirs: FieldValue;
  mine: FieldValue;
  by: string;
  at: string;
}

/** A 409 on a record's save: nothing was saved; `conflicts` are the fields to choose, `stored` the record as it is. */
export interface ConflictAnswer {
  message: string;
  stored: RecordView;
  conflicts: FieldConflict[];
  /**
   * The record as the save would leave it, each conflicting field holding the stored value: what a
   * second save, over `stored.version` with a choice for each conflict, sends.
   */
  joined?: RecordFields;
  /** A rollback ("Repor a publicação N") moved the record on since it was read. */
  rolledBack?: true;
}

/** Fields someone else changed since the form was read, kept as they saved them (the save changed others). */
export interface MergedChange {
  by: string;
  fields: string[];
}

/**
 * A value this person saved that a colleague's settled conflict replaced, not yet seen: the record
 * as it is now (its field holds the colleague's value), the value lost, whose it was and when.
 */
export interface LostChangeView {
  id: number;
  record: RecordView;
  field: string;
  value: FieldValue;
  /** When this person had saved it. */
  savedAt: string;
  /** Who replaced it (an email), and when. */
  replacedBy: string;
  replacedAt: string;
}

/** A record's save: the record as stored, and what of other people's saves it kept beside the form's changes. */
export type SavedRecord = RecordView & { merged: MergedChange[] };

/** Someone who has a record's form open (their lease, renewed while the form stays open). */
export interface RecordEditor {
  email: string;
  /** When they opened it. */
  since: string;
}

/** PUT /records/:type/:id/lease: the other people who have this record open now. */
export interface LeaseAnswer {
  others: RecordEditor[];
}

/** A text visitors read that is not yet translated into a language, or whose pt-PT changed since ("a rever"). */
export interface TranslationWorkItem {
  type: RecordType;
  id: string;
  /** The record as the staff know it: its title or name. */
  title: string;
  field: string;
  locale: TranslatedLocale;
  state: 'missing' | 'stale';
  /** The back office's address of the record's form, under /gestao ("filmes/104"; a session's, its film's). */
  path: string;
}

/** What is left to translate, by language, in the draft (what will be published). */
export interface TranslationWork {
  counts: Record<TranslatedLocale, { missing: number; stale: number }>;
  items: TranslationWorkItem[];
}
