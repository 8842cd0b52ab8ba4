/**
 * The answers a page needs, read straight from IndexedDB for the offline boot: the app shell
 * paints from them before the data layer's chunk (Dexie) is fetched and parsed, which is most of
 * the time an offline page used to wait. Reads only what Dexie wrote (src/data/db.ts: the database
 * DB_NAME, its table `answers` keyed by `path`); it never creates, upgrades or writes anything.
 */
import type { Answer } from '../routing/route-data';
import type { AnswerRow } from './db';
import { DB_NAME } from './db-name';

const ANSWERS = 'answers';

/** The existing database, or null: a first visit without signal has none, and must not create one. */
function openExisting(name: string): Promise<IDBDatabase | null> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(null);
    const request = indexedDB.open(name);
    // No database yet: opening would create an empty one at version 1, which Dexie could not then
    // upgrade to its own schema. Abort, so that nothing is created.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => {
      const db = request.result;
      // A newer app (Dexie) upgrading the schema must not wait for this connection.
      db.onversionchange = () => {
        db.close();
        connections.delete(name);
      };
      resolve(db);
    };
    request.onerror = () => resolve(null);
  });
}

/** One connection per database for the boot's reads (a page reads in up to three rounds). */
const connections = new Map<string, Promise<IDBDatabase | null>>();

function connection(name: string): Promise<IDBDatabase | null> {
  let db = connections.get(name);
  if (!db) {
    db = openExisting(name);
    connections.set(name, db);
    // None now does not mean none later: Dexie creates it once the data layer loads.
    void db.then((opened) => opened ?? connections.delete(name));
  }
  return db;
}

/** The stored answers of these API paths (one read-only transaction); the paths not stored are left out. */
export async function readStoredAnswers(paths: string[], name = DB_NAME): Promise<Map<string, Answer>> {
  const found = new Map<string, Answer>();
  const db = await connection(name);
  if (!db || !db.objectStoreNames.contains(ANSWERS)) return found;
  const store = db.transaction(ANSWERS, 'readonly').objectStore(ANSWERS);
  await Promise.all(
    paths.map(
      (path) =>
        new Promise<void>((resolve) => {
          const get = store.get(path) as IDBRequest<AnswerRow | undefined>;
          get.onsuccess = () => {
            if (get.result) found.set(path, { status: 200, data: get.result.data, updatedAt: get.result.updatedAt });
            resolve();
          };
          get.onerror = () => resolve();
        }),
    ),
  );
  return found;
}
