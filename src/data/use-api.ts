import { createContext, useContext, useEffect, useSyncExternalStore } from 'react';
import { DataStore, type Entry } from './store';

export const DataStoreContext = createContext<DataStore>(new DataStore());

export function useDataStore(): DataStore {
  return useContext(DataStoreContext);
}

const NONE: Entry<never> = { status: 'loading', data: undefined, updatedAt: 0, fetching: false };

/**
 * The answer of an API path, kept fresh: what the store has now (server-embedded on first render),
 * and a fetch after mount when it is missing or stale. `null` reads nothing.
 */
export function useApi<T>(path: string | null, maxAgeMs?: number): Entry<T> {
  const store = useDataStore();
  const entry = useSyncExternalStore(
    (listener) => (path ? store.subscribe(path, listener) : () => {}),
    () => (path ? store.get<T>(path) : NONE),
    () => (path ? store.get<T>(path) : NONE),
  );
  useEffect(() => {
    if (path) void store.load(path, maxAgeMs);
  }, [store, path, maxAgeMs]);
  return entry;
}
