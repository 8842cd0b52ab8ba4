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

/** Reads many answers at once (one IndexedDB transaction), for rendering a page offline. */
export async function readAnswers(db: FestaDb, paths: string[]): Promise<Map<string, { status: number; data: unknown; updatedAt: number }>> {
  const rows = await db.answers.bulkGet(paths);
  const found = new Map<string, { status: number; data: unknown; updatedAt: number }>();
  rows.forEach((row, i) => {
    if (row) found.set(paths[i]!, { status: 200, data: row.data, updatedAt: row.updatedAt });
  });
  return found;
}
