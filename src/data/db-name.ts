/** The IndexedDB database of the site: Dexie's (db.ts), read directly only by stored-answers.ts. */
export const DB_NAME = 'festa-cinema-italiano';
