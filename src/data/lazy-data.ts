/**
 * The way into the data layer from code that is part of every page's first load: the chunk with
 * Dexie is fetched on first use, never before the page has painted, and fetched once.
 */
import { useEffect, useRef, useState } from 'react';
import type * as DataLayerModule from './data-layer';
import type { FestaDb } from './db';
import type { Persistence } from './store';

export type DataLayer = typeof DataLayerModule;

let loading: Promise<DataLayer> | null = null;

/** Fails only on a first visit that lost its signal before the worker kept the chunk: the next call tries again. */
export function loadDataLayer(): Promise<DataLayer> {
  return (loading ??= import('./data-layer').catch((error: unknown) => {
    loading = null;
    throw error;
  }));
}

/** Resolves once the browser is idle (or after 2 s at most): for work that must not delay the first paint. */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    // Safari has no requestIdleCallback.
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 2000 });
    else window.setTimeout(resolve, 500);
  });
}

/** The page's database connection; null where IndexedDB does not exist. */
export async function loadFestaDb(): Promise<FestaDb | null> {
  return (await loadDataLayer()).festaDb();
}

/** The data store's copy in IndexedDB, reached through the data layer when it is first needed. */
export const lazyPersistence: Persistence = {
  read: async (path) => {
    const layer = await loadDataLayer();
    const db = layer.festaDb();
    return db ? layer.dexiePersistence(db).read(path) : undefined;
  },
  write: async (path, data, updatedAt) => {
    const layer = await loadDataLayer();
    const db = layer.festaDb();
    if (db) await layer.dexiePersistence(db).write(path, data, updatedAt);
  },
};

/**
 * A query of IndexedDB kept live (it runs again whenever a table it read changes), like
 * dexie-react-hooks' useLiveQuery but without putting Dexie in the first load. Undefined until the
 * first answer, on the server and on the render that hydrates, so both match. `key` names the
 * query: a new key runs a new one.
 */
export function useLiveRead<T>(key: string, read: (db: FestaDb, layer: DataLayer) => Promise<T> | T): T | undefined {
  const [value, setValue] = useState<{ key: string; value: T }>();
  // The live query runs again on its own: it must call the latest reader, not the first one.
  const readerRef = useRef(read);
  useEffect(() => {
    readerRef.current = read;
  });
  useEffect(() => {
    let subscription: { unsubscribe: () => void } | null = null;
    let cancelled = false;
    void whenIdle()
      .then(loadDataLayer)
      .then((layer) => {
        const db = layer.festaDb();
        if (cancelled || !db) return;
        subscription = layer.liveQuery(() => readerRef.current(db, layer)).subscribe({
          next: (next) => setValue({ key, value: next }),
          error: (error: unknown) => console.warn('Leitura da base de dados local falhou:', error),
        });
      })
      // The data layer could not load (a first visit that lost its signal): nothing to show yet.
      .catch(() => undefined);
    return () => {
      cancelled = true;
      subscription?.unsubscribe();
    };
  }, [key]);
  return value?.key === key ? value.value : undefined;
}
