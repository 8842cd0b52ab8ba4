/**
 * The browser's database (IndexedDB through Dexie). Keys are designed once (Dexie cannot change a
 * primary key later): API answers by their path, outbox posts by their idempotency key, the
 * personal agenda by session id (a session's id never changes; see GET /api/sessions).
 */
import { DB_NAME } from './db-name';
import Dexie, { type EntityTable } from 'dexie';
import type { AgendaEntry } from '../agenda/agenda-entry';
import type { FormKind } from '../common/forms/form-schemas';
import type { Locale } from '../common/i18n/locales';

/** A row of the `answers` table: an API answer kept for offline use, under the same path the data store uses. */
export interface AnswerRow {
  path: string;
  data: unknown;
  updatedAt: number;
}

/**
 * What a post is: a visitor's form, or this device's starred sessions for its change notices
 * (src/agenda/push/push-stars.ts), sent in the background and never shown as a post of theirs.
 */
export type OutboxKind = FormKind | 'pushStars';

/** A post waiting to reach the server; its id is the Idempotency-Key it is sent with. */
export interface OutboxItem {
  id: string;
  kind: OutboxKind;
  body: Record<string, unknown>;
  /** The language of the page it was sent from, not pt-PT: the server answers in it (?lang=). */
  lang?: Locale;
  createdAt: number;
  attempts: number;
  status: 'pending' | 'rejected';
  /** When it may be tried again (Retry-After or backoff after a failure). */
  nextAttemptAt: number;
  /** What its last failed attempt found: no network (it may go as soon as the connection returns), or the server's trouble. */
  waitingFor?: 'network' | 'server';
  /** Why the server refused it (4xx): shown to the visitor, never retried. */
  message?: string;
  /** The visitor was told it waits for a connection: once it goes, they are told that too. */
  toldWaiting?: boolean;
  fields?: Record<string, string>;
}

/** The answers of posts the server accepted, kept for the page that is waiting for them. */
export interface SentItem {
  id: string;
  kind: FormKind;
  message: string;
  sentAt: number;
  /** It waited in the outbox (a first attempt failed, or the visitor was told it waits): the visitor is told when it went. */
  queued?: boolean;
  /** The visitor closed the notice that it went. */
  seen?: boolean;
}

interface MetaEntry {
  key: string;
  value: unknown;
}

export type FestaDb = Dexie & {
  answers: EntityTable<AnswerRow, 'path'>;
  outbox: EntityTable<OutboxItem, 'id'>;
  sent: EntityTable<SentItem, 'id'>;
  meta: EntityTable<MetaEntry, 'key'>;
  /** The visitor's own agenda: the sessions they chose, by session id (never leaves the device). */
  agenda: EntityTable<AgendaEntry, 'sessionId'>;
};

export { DB_NAME };

export function openFestaDb(name = DB_NAME): FestaDb {
  const db = new Dexie(name) as FestaDb;
  db.version(1).stores({
    answers: 'path, updatedAt',
    outbox: 'id, status, createdAt',
    sent: 'id, sentAt',
    meta: 'key',
  });
  // Version 2 only adds a table: every store of version 1 stays as it was.
  db.version(2).stores({ agenda: 'sessionId, addedAt' });
  return db;
}

let shared: FestaDb | null = null;

/** The page's (or the service worker's) one connection; null where IndexedDB does not exist. */
export function festaDb(): FestaDb | null {
  if (typeof indexedDB === 'undefined') return null;
  return (shared ??= openFestaDb());
}
