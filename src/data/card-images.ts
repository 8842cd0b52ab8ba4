/**
 * The small card picture (`thumb`) of every film, activity and news item of the offline programme,
 * kept in a cache of its own after each programme sync, so that a list or a page never visited
 * shows its pictures without signal. The service worker answers images from it when its own image
 * cache has no copy (sw/strategies.ts). Bounded by the programme itself, and by CARD_IMAGES_LIMIT.
 */
import { apiPath, endpoints } from '../common/api/endpoint-refs';
import type { HomePrefs } from '../common/api/api-types';
import { imageBaseOf, imageUrl } from '../common/images/image-url';
import { SW_CACHES } from '../common/pwa/sw-messages';
import type { FestaDb } from './db';

/** Where the saved programme lists its pictures (IndexedDB, meta). */
export const CARD_IMAGES_KEY = 'cardImagePaths';

/** More than the programme holds (about 100): a content mistake cannot fill the visitor's storage. */
export const CARD_IMAGES_LIMIT = 300;

/** The same-origin paths of every `thumb` in the sync's answers, in first-seen order, at most CARD_IMAGES_LIMIT. */
export function cardImagePaths(answers: Record<string, unknown>): string[] {
  const prefs = answers[apiPath(endpoints.homeprefs, {})] as Partial<HomePrefs> | undefined;
  const base = imageBaseOf(prefs);
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (found.size >= CARD_IMAGES_LIMIT || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach(visit);
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'thumb' && typeof inner === 'string' && inner) {
        const url = imageUrl(base, inner);
        // Pictures of other hosts are theirs to serve: the worker caches nothing cross-origin.
        if (url.startsWith('/') && !url.startsWith('//') && found.size < CARD_IMAGES_LIMIT) found.add(url);
      } else visit(inner);
    }
  };
  visit(answers);
  return [...found];
}

/** How many pictures are fetched at once: background work, gentle on a venue's shared connection. */
const PARALLEL = 4;

let stopped = false;

/**
 * The page is about to reload into a new version: no more pictures are asked for. A browser lets
 * the new worker take over only once the outgoing one answers no request, and this keeping is the
 * longest run of requests a page makes (about 100 pictures).
 */
export function stopKeepingCardImages(): void {
  stopped = true;
}

/** Makes the cache hold exactly these pictures: fetches the new ones, drops the rest. */
async function keepCardImages(paths: string[]): Promise<{ kept: number; fetched: number }> {
  if (typeof caches === 'undefined') return { kept: 0, fetched: 0 };
  const cache = await caches.open(SW_CACHES.cardImages);
  const wanted = new Set(paths.map((path) => new URL(path, self.location.origin).href));
  const present = new Set<string>();
  for (const request of await cache.keys()) {
    if (wanted.has(request.url)) present.add(request.url);
    else await cache.delete(request);
  }
  const queue = [...wanted].filter((url) => !present.has(url));
  let fetched = 0;
  const worker = async () => {
    for (let url = queue.shift(); url; url = queue.shift()) {
      if (stopped || (typeof navigator !== 'undefined' && navigator.onLine === false)) return;
      const response = await fetch(url).catch(() => null);
      if (response?.ok && /^image\//.test(response.headers.get('content-type') ?? '')) {
        await cache.put(url, response);
        fetched += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { kept: present.size + fetched, fetched };
}

let keeping: Promise<unknown> | null = null;

/**
 * Keeps the pictures of the saved programme, once at a time. Called on every start of the page's
 * background work and after each sync, it finishes what a closed or reloaded page left half done.
 */
export function keepSavedCardImages(db: FestaDb): Promise<unknown> {
  keeping ??= (async () => {
    const saved = await db.meta.get(CARD_IMAGES_KEY);
    if (Array.isArray(saved?.value)) await keepCardImages(saved.value.filter((path): path is string => typeof path === 'string'));
  })()
    .catch(() => undefined)
    .finally(() => {
      keeping = null;
    });
  return keeping;
}
