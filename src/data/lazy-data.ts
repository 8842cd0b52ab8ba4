/**
 * The way into the data layer from code that is part of every page's first load: the chunk with
 * Dexie is fetched on first use, never before the page has painted, and fetched once.
 */
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
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

/** One live query of IndexedDB, shared by every component that reads it under the same key. */
interface LiveRead {
  /** The latest answer, boxed: an answer may itself be undefined. */
  answer?: { value: unknown };
  /** Each reader's latest query function, by its listener. */
  listeners: Map<() => void, { current: LiveReader }>;
  stop?: () => void;
  /** Set while the last reader has just left: a reader that comes in the same commit keeps it. */
  leaving?: boolean;
}
type LiveReader = (db: FestaDb, layer: DataLayer) => unknown;

const liveReads = new Map<string, LiveRead>();

function startLiveRead(key: string, live: LiveRead): void {
  let cancelled = false;
  live.stop = () => {
    cancelled = true;
  };
  void whenIdle()
    .then(loadDataLayer)
    .then((layer) => {
      const db = layer.festaDb();
      if (cancelled || !db) return;
      // The query of whichever reader is there when it runs (they all ask the same, by their key).
      const subscription = layer
        .liveQuery(() => {
          const reader = live.listeners.values().next().value;
          return reader ? reader.current(db, layer) : undefined;
        })
        .subscribe({
          next: (value) => {
            live.answer = { value };
            for (const listener of live.listeners.keys()) listener();
          },
          error: (error: unknown) => console.warn('Leitura da base de dados local falhou:', error),
        });
      live.stop = () => subscription.unsubscribe();
    })
    // The data layer could not load (a first visit that lost its signal): nothing to show yet.
    .catch(() => undefined);
}

function subscribeLiveRead(key: string, reader: { current: LiveReader }, listener: () => void): () => void {
  let live = liveReads.get(key);
  if (!live) {
    live = { listeners: new Map() };
    liveReads.set(key, live);
    startLiveRead(key, live);
  }
  live.leaving = false;
  live.listeners.set(listener, reader);
  const joined = live;
  return () => {
    joined.listeners.delete(listener);
    if (joined.listeners.size > 0) return;
    // Stopped after the commit that unmounted its last reader, unless that commit mounted another
    // (a day's stars replaced by the next day's keep the agenda's answer, and show it at once).
    joined.leaving = true;
    queueMicrotask(() => {
      if (!joined.leaving || liveReads.get(key) !== joined) return;
      joined.stop?.();
      liveReads.delete(key);
    });
  };
}

/**
 * A query of IndexedDB kept live (it runs again whenever a table it read changes), like
 * dexie-react-hooks' useLiveQuery but without putting Dexie in the first load. Undefined until the
 * first answer, on the server and on the render that hydrates, so both match. `key` names the
 * query: a new key runs a new one. Every component reading the same key shares one query and its
 * answer (twenty stars on a page: one query after a change, not twenty, and a star mounted later
 * shows the answer at once).
 */
export function useLiveRead<T>(key: string, read: (db: FestaDb, layer: DataLayer) => Promise<T> | T): T | undefined {
  // The live query runs again on its own: it must call the latest reader, not the first one.
  const readerRef = useRef<LiveReader>(read);
  useEffect(() => {
    readerRef.current = read;
  });
  const subscribe = useCallback((listener: () => void) => subscribeLiveRead(key, readerRef, listener), [key]);
  const answer = useSyncExternalStore(
    subscribe,
    () => liveReads.get(key)?.answer,
    () => undefined,
  );
  return answer?.value as T | undefined;
}
