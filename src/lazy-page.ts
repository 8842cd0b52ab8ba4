/**
 * A route's page, split into its own chunk. `preload()` fetches the chunk; once loaded the page
 * renders synchronously, which lets the server render it whole and the browser hydrate it
 * without suspending (the matched page is preloaded before hydrateRoot).
 */
import { createElement, lazy, type ComponentType, type ReactElement } from 'react';

export interface LazyPage {
  (): ReactElement;
  preload: () => Promise<void>;
}

export function lazyPage(factory: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= factory().then((module) => {
      loaded = module.default;
    }));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  const Page = () => createElement(loaded ?? Lazy);
  Page.preload = preload;
  return Page as LazyPage;
}
