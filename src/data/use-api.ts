import { createContext, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { apiRequest, type ApiRequest, type EndpointRef, type ParamsOf, type ResponseOf } from '../common/api/endpoint-refs';
import { DataStore, type Entry } from './store';

export const DataStoreContext = createContext<DataStore>(new DataStore());

export function useDataStore(): DataStore {
  return useContext(DataStoreContext);
}

/** Reads an answer already in the store (undefined while it is not). */
export type Read = <T>(request: ApiRequest<T> | null) => T | undefined;

/** A reader of the store as it is now; a component subscribed to a read re-renders when its answer arrives. */
export function useStoreReader(): Read {
  const store = useDataStore();
  return (request) => (request ? store.get<never>(request.path).data : undefined);
}

/** Named reads of a page or component; `null` reads nothing (a read that does not apply). */
export type Requests = Record<string, ApiRequest<unknown> | null>;
/** The store's entry of each named read. */
export type Entries<R extends Requests> = { [K in keyof R]: Entry<R[K] extends ApiRequest<infer T> | null ? T : never> };

const NONE: Entry<never> = Object.freeze({ status: 'loading', data: undefined, updatedAt: 0, fetching: false });

/** A subscription to a set of reads (`name path` lines), with one snapshot object per distinct set of entries. */
function readsSource<R extends Requests>(store: DataStore, key: string) {
  const reads = key ? key.split('\n').map((line) => line.split(' ') as [string, string]) : [];
  let last: { entries: Entry[]; value: Entries<R> } | null = null;
  return {
    paths: reads.map(([, path]) => path).filter(Boolean),
    subscribe: (listener: () => void) => {
      const unsubscribes = reads.filter(([, path]) => path).map(([, path]) => store.subscribe(path, listener));
      return () => unsubscribes.forEach((off) => off());
    },
    read: (): Entries<R> => {
      const entries = reads.map(([, path]) => (path ? store.get(path) : NONE));
      if (last && last.entries.every((entry, i) => entry === entries[i])) return last.value;
      const value = Object.fromEntries(reads.map(([name], i) => [name, entries[i]])) as Entries<R>;
      last = { entries, value };
      return value;
    },
  };
}

/**
 * The answers of several reads, kept fresh: what the store has now (server-embedded on first
 * render), and a fetch after mount of any that is missing or stale.
 */
export function useRequests<R extends Requests>(requests: R, maxAgeMs?: number): Entries<R> {
  const store = useDataStore();
  // Names and paths in one string: the reads change only when it does. Paths are URL-encoded, so never hold '\n' or ' '.
  const key = Object.entries(requests)
    .map(([name, request]) => `${name} ${request?.path ?? ''}`)
    .join('\n');
  const source = useMemo(() => readsSource<R>(store, key), [store, key]);
  const entries = useSyncExternalStore(source.subscribe, source.read, source.read);

  useEffect(() => {
    for (const path of source.paths) void store.load(path, maxAgeMs);
  }, [store, source, maxAgeMs]);
  return entries;
}

/** The answer of one endpoint, typed by the registry; `null` parameters read nothing. */
export function useApi<E extends EndpointRef<unknown>>(endpoint: E, params: ParamsOf<E> | null, maxAgeMs?: number): Entry<ResponseOf<E>> {
  return useRequests({ value: params === null ? null : apiRequest(endpoint, params) }, maxAgeMs).value;
}
