/**
 * The offline programme: on the first online visit, whenever it is older than SYNC_MAX_AGE_MS,
 * and as soon as the server's content version differs from the saved one (an open page asks for
 * it every VERSION_CHECK_MS), the agenda (see server/api/sync-routes.ts) is fetched in one request
 * and written to IndexedDB in batched transactions, under the paths the pages read. The first time
 * it is the whole programme; after that only the changes since the version held, unless the
 * server no longer knows that version or a stored answer is not the one a change applies to.
 */
import { noteAgendaChanges } from '../agenda/agenda-store';
import { apiPath, apiUrl, endpoints } from '../common/api/endpoint-refs';
import { DEFAULT_LOCALE, isLocale, languageParam, localeOfPath, type Locale } from '../common/i18n/locales';

/** The meta key of the saved programme's language. */
const PROGRAMME_LOCALE_KEY = 'programmeLocale';
import { CARD_IMAGES_KEY, cardImagePaths } from './card-images';
import type { ProgrammeChanges } from '../common/api/api-types';
import { applyProgrammeDelta, sessionVersionsOf, type ProgrammeDelta } from '../common/programme/programme-delta';
import type { AnswerRow, FestaDb } from './db';
import { PUSHED_BASES_KEY, pushedBases } from './pushed-change';
import { yieldToBrowser } from './yield-to-browser';
import type { DataStore } from './store';

const SYNC_MAX_AGE_MS = 30 * 60 * 1000;
/** How often an open page asks whether the programme changed: a moved session reaches the visitor within a minute. */
export const VERSION_CHECK_MS = 60 * 1000;
/**
 * About this much JSON per transaction: writing clones its rows in one go on the main thread, so a
 * bigger batch is a long task that delays a tap (a phone is several times slower than a desktop).
 * The browser paints and answers input between two batches.
 */
export const BATCH_JSON_CHARS = 32 * 1024;

interface ProgrammeSyncAnswer {
  version: string;
  /** The language its films and activities are in (the page's, when it was asked for). */
  locale?: Locale;
  generatedAt: string;
  answers: Record<string, unknown>;
  /** Version of each session by id (servers before the personal agenda send none). */
  sessionVersions?: Record<string, string>;
}

interface SyncReport {
  paths: number;
  storeMs: number;
  /** Only the changes since the version held were downloaded. */
  delta?: boolean;
}

export async function lastSyncedAt(db: FestaDb): Promise<number | null> {
  const entry = await db.meta.get('programmeSyncedAt');
  return typeof entry?.value === 'number' ? entry.value : null;
}

/**
 * The rows in order, cut into batches of about BATCH_JSON_CHARS (an answer bigger than that alone).
 * Lazily: each batch is sized just before it is written, so that measuring spreads over the turns
 * the writer gives the browser instead of taking one long task before the first write.
 */
export function* batchesOf(rows: AnswerRow[]): Generator<AnswerRow[]> {
  let batch: AnswerRow[] = [];
  let chars = 0;
  for (const row of rows) {
    const size = JSON.stringify(row.data)?.length ?? 0;
    if (batch.length > 0 && chars + size > BATCH_JSON_CHARS) {
      yield batch;
      batch = [];
      chars = 0;
    }
    batch.push(row);
    chars += size;
  }
  if (batch.length > 0) yield batch;
}

/**
 * Writes a sync answer to IndexedDB (and to the page's store), in small batches of one transaction
 * each. A delta's answers are only the changed ones: the pictures kept are then those already kept
 * plus the new ones.
 */
export async function storeProgramme(
  db: FestaDb,
  sync: ProgrammeSyncAnswer,
  now: number,
  store?: DataStore,
  delta?: { removed: string[] },
): Promise<SyncReport> {
  const started = performance.now();
  // A new content version (a release published in /gestao, an import): the open page shows it too.
  const newContent = sync.version !== (await syncedVersion(db));
  const rows = Object.entries(sync.answers).map(([path, data]) => ({ path, data, updatedAt: now }));
  for (const batch of batchesOf(rows)) {
    await db.transaction('rw', db.answers, () => db.answers.bulkPut(batch));
    await yieldToBrowser();
  }
  if (delta && delta.removed.length > 0) await db.answers.bulkDelete(delta.removed);
  await forgetPushedBases(db, delta ? [...rows.map((row) => row.path), ...delta.removed] : null);
  await db.meta.bulkPut([
    { key: 'programmeSyncedAt', value: now },
    { key: 'programmeVersion', value: sync.version },
    { key: PROGRAMME_LOCALE_KEY, value: sync.locale ?? DEFAULT_LOCALE },
    // The pictures this programme shows, kept by keepSavedCardImages (card-images.ts).
    { key: CARD_IMAGES_KEY, value: delta ? await withKeptImages(db, sync.answers) : cardImagePaths(sync.answers) },
  ]);
  const storeMs = performance.now() - started;
  await db.meta.put({ key: 'programmeSyncReport', value: { paths: rows.length, storeMs, delta: Boolean(delta) } });
  // Sessions of the visitor's agenda that this programme moved or cancelled wait for them to see it.
  await noteAgendaChanges(db, sync, now);
  // Otherwise only what the page holds stale: an answer it fetched meanwhile is as new as the sync's.
  if (store) for (const row of rows) if (newContent || store.isStale(row.path)) store.set(row.path, row.data, now);
  return { paths: rows.length, storeMs };
}

/**
 * The server's answers a pushed change rewrote stop being needed once the server's own newer ones
 * are stored: those of `paths`, or all after a whole programme (null).
 */
async function forgetPushedBases(db: FestaDb, paths: string[] | null): Promise<void> {
  const bases = await pushedBases(db);
  if (Object.keys(bases).length === 0) return;
  const kept = paths === null ? {} : Object.fromEntries(Object.entries(bases).filter(([path]) => !paths.includes(path)));
  await db.meta.put({ key: PUSHED_BASES_KEY, value: kept });
}

/** The pictures already kept, and those of the changed answers (read with the stored settings for their base address). */
async function withKeptImages(db: FestaDb, answers: Record<string, unknown>): Promise<string[]> {
  const prefsPath = apiPath(endpoints.homeprefs, {});
  const prefs = answers[prefsPath] ?? (await db.answers.get(prefsPath))?.data;
  const kept = (await db.meta.get(CARD_IMAGES_KEY))?.value;
  return [...new Set([...(Array.isArray(kept) ? (kept as string[]) : []), ...cardImagePaths({ ...answers, [prefsPath]: prefs })])];
}

/**
 * Asks for the changes since the version held and stores them; null when they cannot be applied
 * (the caller then fetches the whole programme).
 */
async function syncChangesSince(db: FestaDb, held: string, locale: Locale, store: DataStore | undefined): Promise<SyncReport | null> {
  const response = await fetch(apiUrl(endpoints.programmeChanges, { since: held, ...languageParam(locale) }), {
    headers: { accept: 'application/json' },
    cache: 'no-cache',
  });
  if (!response.ok) return null;
  const changes = (await response.json()) as ProgrammeChanges;
  const { version, generatedAt } = changes;
  if (changes.full)
    return storeProgramme(db, { version, locale, generatedAt, answers: changes.answers ?? {}, sessionVersions: changes.sessionVersions }, Date.now(), store);
  const delta = { patched: changes.patched ?? {}, added: changes.added ?? {}, removed: changes.removed ?? [] } as ProgrammeDelta;
  // A patch applies to the server's answer, also where a pushed change rewrote the stored one.
  const bases = await pushedBases(db);
  const answers = await applyProgrammeDelta(delta, async (path) => (path in bases ? bases[path] : (await db.answers.get(path))?.data));
  if (!answers) return null;
  const report = await storeProgramme(db, { version, locale, generatedAt, answers, sessionVersions: sessionVersionsOf(answers) }, Date.now(), store, delta);
  return { ...report, delta: true };
}

let running: Promise<SyncReport | null> | null = null;

/**
 * Asks the server for its content version (a few bytes, revalidated by ETag) and syncs when it
 * is not the saved programme's. Does nothing offline or when the question fails: the next one asks again.
 */
export async function syncIfChanged(db: FestaDb, store?: DataStore): Promise<SyncReport | null> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return null;
  try {
    const response = await fetch(apiUrl(endpoints.programmeVersion, {}), { headers: { accept: 'application/json' }, cache: 'no-cache' });
    if (!response.ok) return null;
    const { version } = (await response.json()) as { version?: unknown };
    if (typeof version !== 'string') return null;
    if (version === (await syncedVersion(db)) && (await syncedLocale(db)) === pageLocale()) return null;
    return await syncProgramme(db, store, { force: true });
  } catch {
    return null;
  }
}

/** The language of the saved programme's films and activities. */
async function syncedLocale(db: FestaDb): Promise<Locale> {
  const entry = await db.meta.get(PROGRAMME_LOCALE_KEY);
  return isLocale(entry?.value) ? entry.value : DEFAULT_LOCALE;
}

/** The language the programme is synced in: the open page's, from its address. */
const pageLocale = (): Locale => (typeof location === 'undefined' ? DEFAULT_LOCALE : localeOfPath(location.pathname));

/** The content version the saved programme was synced at. */
async function syncedVersion(db: FestaDb): Promise<string | null> {
  const entry = await db.meta.get('programmeVersion');
  return typeof entry?.value === 'string' ? entry.value : null;
}

/** The server's content version as the page heard it (homeprefs) after `since`, if it did. */
function serverVersionSince(store: DataStore | undefined, since: number): string | undefined {
  const entry = store?.get<{ contentVersion?: string }>(apiPath(endpoints.homeprefs, {}));
  return entry && entry.updatedAt > since ? entry.data?.contentVersion : undefined;
}

/**
 * Syncs when there is no copy yet, when it is stale, or when the server already has another
 * content version (an import changed the programme: a moved session should not wait 30 minutes to
 * be announced); does nothing offline. Never runs twice at once.
 */
export function syncProgramme(db: FestaDb, store?: DataStore, options: { force?: boolean } = {}): Promise<SyncReport | null> {
  running ??= (async () => {
    const last = await lastSyncedAt(db);
    // Only what the server said after the last sync counts: a page kept from before says nothing new.
    const heard = last === null ? undefined : serverVersionSince(store, last);
    const locale = pageLocale();
    // Another language than the saved one: its films and activities are fetched whole (those of the
    // language saved before stay, for its pages offline).
    const sameLocale = (await syncedLocale(db)) === locale;
    const outdated = (heard !== undefined && heard !== (await syncedVersion(db))) || !sameLocale;
    if (!options.force && !outdated && last !== null && Date.now() - last < SYNC_MAX_AGE_MS) return null;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return null;
    const held = await syncedVersion(db);
    const changed = held === null || !sameLocale ? null : await syncChangesSince(db, held, locale, store);
    if (changed) return changed;
    // Revalidated (ETag): the answer is kept 30 s by the HTTP cache, and a sync asked for because the
    // server's version changed must not be answered with the copy from before the change.
    const response = await fetch(apiUrl(endpoints.programmeSync, languageParam(locale)), {
      headers: { accept: 'application/json' },
      cache: 'no-cache',
    });
    if (!response.ok) return null;
    return storeProgramme(db, { ...((await response.json()) as ProgrammeSyncAnswer), locale }, Date.now(), store);
  })()
    .catch(() => null)
    .finally(() => {
      running = null;
    });
  return running;
}
