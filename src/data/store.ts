/**
 * The client data store: API answers by path. Pages read through it (useApi); it fetches only
 * what is missing or stale, never the same path twice at once, and starts from the answers the
 * server embedded in the page, so hydration renders exactly what the server rendered.
 */
import { API_BASE } from '../common/api/endpoint-refs';

type EntryStatus = 'loading' | 'ready' | 'missing' | 'error';

export interface Entry<T = unknown> {
  status: EntryStatus;
  data: T | undefined;
  updatedAt: number;
  fetching: boolean;
  error?: string;
}

/** What the server embeds: the answer (or a 404) of each path the page read. */
export type Snapshot = Record<string, { status: 200 | 404; data: unknown; updatedAt?: number }>;

const LOADING: Entry = Object.freeze({ status: 'loading', data: undefined, updatedAt: 0, fetching: false });
const DEFAULT_MAX_AGE_MS = 5 * 60 * 1000;

type Fetcher = (path: string) => Promise<{ status: number; data: unknown }>;

/** Where answers outlive the page (IndexedDB), so that a visitor without signal still has them. */
export interface Persistence {
  read(path: string): Promise<{ data: unknown; updatedAt: number } | undefined>;
  write(path: string, data: unknown, updatedAt: number): Promise<void>;
}

export const networkFetcher: Fetcher = async (path) => {
  // Without a connection there is no point in asking: the offline copy is all there is.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) throw new Error('offline');
  const response = await fetch(`${API_BASE}${path}`, { headers: { accept: 'application/json' } });
  if (response.status === 404) return { status: 404, data: undefined };
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return { status: response.status, data: await response.json() };
};

export class DataStore {
  private entries = new Map<string, Entry>();
  private listeners = new Map<string, Set<() => void>>();
  private inflight = new Map<string, Promise<void>>();

  constructor(
    snapshot: Snapshot = {},
    private readonly fetcher: Fetcher = networkFetcher,
    private readonly now: () => number = Date.now,
    private readonly persistence?: Persistence,
  ) {
    const at = now();
    for (const [path, answer] of Object.entries(snapshot)) {
      this.entries.set(path, {
        status: answer.status === 404 ? 'missing' : 'ready',
        data: answer.data,
        updatedAt: answer.updatedAt ?? at,
        fetching: false,
      });
    }
  }

  get<T>(path: string): Entry<T> {
    return (this.entries.get(path) ?? LOADING) as Entry<T>;
  }

  subscribe(path: string, listener: () => void): () => void {
    const set = this.listeners.get(path) ?? new Set();
    set.add(listener);
    this.listeners.set(path, set);
    return () => set.delete(listener);
  }

  isStale(path: string, maxAgeMs = DEFAULT_MAX_AGE_MS): boolean {
    const entry = this.entries.get(path);
    return !entry || entry.status === 'loading' || entry.status === 'error' || this.now() - entry.updatedAt > maxAgeMs;
  }

  /** Puts an answer in the store (from the network, or from the offline database). */
  set(path: string, data: unknown, updatedAt = this.now()): void {
    this.update(path, { status: 'ready', data, updatedAt, fetching: this.entries.get(path)?.fetching ?? false });
  }

  /**
   * Makes a path's answer available: first from the offline database when the store has nothing
   * (instant, and all there is without signal), then from the network when missing or stale.
   */
  load(path: string, maxAgeMs = DEFAULT_MAX_AGE_MS): Promise<void> {
    const running = this.inflight.get(path);
    if (running) return running;
    if (!this.isStale(path, maxAgeMs)) return Promise.resolve();
    const previous = this.entries.get(path);
    this.update(path, { ...(previous ?? LOADING), fetching: true });
    const promise = this.readPersisted(path, previous)
      .then(() => (this.isStale(path, maxAgeMs) ? this.fetcher(path) : null))
      .then((answer) => {
        if (!answer) return this.finish(path);
        if (answer.status === 404) this.update(path, { status: 'missing', data: undefined, updatedAt: this.now(), fetching: false });
        else {
          const at = this.now();
          this.update(path, { status: 'ready', data: answer.data, updatedAt: at, fetching: false });
          void this.persistence?.write(path, answer.data, at).catch(() => undefined);
        }
      })
      .catch((error: unknown) => {
        // Keep what was there: stale data beats no data at a venue without signal.
        const kept = this.entries.get(path) ?? LOADING;
        this.update(path, {
          ...kept,
          status: kept.data === undefined ? 'error' : kept.status,
          fetching: false,
          error: error instanceof Error ? error.message : String(error),
        });
      })
      .finally(() => this.inflight.delete(path));
    this.inflight.set(path, promise);
    return promise;
  }

  /**
   * Keeps what the server embedded in the page for offline use too. `between` runs before each
   * answer (the page's start-up gives the browser a turn there: writing clones an answer on the
   * main thread, and a tap may be waiting); it is a parameter so the entry does not carry it.
   */
  async persistAll(between: () => Promise<void> = () => Promise.resolve()): Promise<void> {
    if (!this.persistence) return;
    for (const [path, entry] of this.entries) {
      if (entry.status !== 'ready') continue;
      await between();
      await this.persistence.write(path, entry.data, entry.updatedAt).catch(() => undefined);
    }
  }

  private async readPersisted(path: string, previous: Entry | undefined): Promise<void> {
    if (!this.persistence || previous?.data !== undefined) return;
    const stored = await this.persistence.read(path).catch(() => undefined);
    if (stored && this.entries.get(path)?.data === undefined) {
      this.update(path, { status: 'ready', data: stored.data, updatedAt: stored.updatedAt, fetching: true });
    }
  }

  private finish(path: string): void {
    const entry = this.entries.get(path);
    if (entry) this.update(path, { ...entry, fetching: false });
  }

  private update(path: string, entry: Entry): void {
    this.entries.set(path, entry);
    for (const listener of this.listeners.get(path) ?? []) listener();
  }
}
