import type { FestaDb } from './db';
import type { Persistence } from './store';

/** The data store's answers kept in IndexedDB, by API path. */
export function dexiePersistence(db: FestaDb): Persistence {
  return {
    read: async (path) => {
      const stored = await db.answers.get(path);
      return stored ? { data: stored.data, updatedAt: stored.updatedAt } : undefined;
    },
    write: async (path, data, updatedAt) => {
      await db.answers.put({ path, data, updatedAt });
    },
  };
}
