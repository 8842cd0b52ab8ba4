/**
 * A route's page, split into its own chunk. `preload()` fetches the chunk; once loaded the page
 * renders synchronously, which lets the server render it whole and the browser hydrate it
 * without suspending (the matched page is preloaded before hydrateRoot).
 *
 * A chunk that cannot load (offline and never cached, or removed by a deploy) rejects: the route's
 * error boundary shows it. The failed import is forgotten, so the next `preload()` imports again;
 * `retryFailedPages()` (the boundary's retry, or a change of address) gives each failed page a
 * fresh React.lazy, since a lazy component that rejected once stays rejected.
 */
import { createElement, lazy, type ComponentType, type ReactElement } from 'react';

export interface LazyPage {
  (): ReactElement;
  preload: () => Promise<void>;
}

/** A page's chunk that could not be loaded (the import's own error is its cause). */
export class PageChunkError extends Error {
  constructor(cause: unknown) {
    super(`A página não pôde ser carregada: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'PageChunkError';
  }
}

const retries = new Set<() => void>();

/** Lets every page whose chunk failed to load try again on its next render. */
export function retryFailedPages(): void {
  for (const retry of retries) retry();
}

export function lazyPage(factory: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= factory().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        pending = null;
        throw new PageChunkError(error);
      },
    ));
  let failed = false;
  // Not replaced on failure itself: React re-renders once after an error, which must not re-import.
  const makeLazy = () =>
    lazy(async () => {
      try {
        await preload();
      } catch (error) {
        failed = true;
        throw error;
      }
      return { default: loaded! };
    });
  let Lazy = makeLazy();
  retries.add(() => {
    if (!failed) return;
    failed = false;
    Lazy = makeLazy();
  });
  const Page = () => createElement(loaded ?? Lazy);
  Page.preload = preload;
  return Page as LazyPage;
}
