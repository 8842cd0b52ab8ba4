/**
 * Press files and programme attachments the visitor keeps for offline reading. They live in
 * their own cache, which the service worker answers from (sw/strategies.ts: keptFileHandler), and
 * which no expiry touches: the visitor decides.
 */
import { SW_CACHES } from '../common/pwa/sw-messages';

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());

export function onKeptFilesChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const canKeepFiles = () => typeof caches !== 'undefined';

export async function keptUrls(): Promise<Set<string>> {
  if (!canKeepFiles()) return new Set();
  const cache = await caches.open(SW_CACHES.files);
  return new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
}

/** Keeps files (same-origin paths); asks once for persistent storage so the browser does not evict them. */
export async function keepFiles(paths: string[]): Promise<void> {
  const cache = await caches.open(SW_CACHES.files);
  await cache.addAll(paths);
  await navigator.storage?.persist?.().catch(() => false);
  notify();
}

export async function forgetFile(path: string): Promise<void> {
  const cache = await caches.open(SW_CACHES.files);
  await cache.delete(path);
  notify();
}

export interface StorageInfo {
  usage: number | null;
  quota: number | null;
  persisted: boolean;
}

export async function storageInfo(): Promise<StorageInfo> {
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  const persisted = (await navigator.storage?.persisted?.().catch(() => false)) ?? false;
  return { usage: estimate?.usage ?? null, quota: estimate?.quota ?? null, persisted };
}

export async function requestPersistence(): Promise<boolean> {
  const granted = (await navigator.storage?.persist?.().catch(() => false)) ?? false;
  notify();
  return granted;
}
