/**
 * The service worker: this file only wires events to the strategies beside it.
 * Updates wait for the visitor's consent (SKIP_WAITING comes from the page's "Atualizar").
 */
import { clientsClaim } from 'workbox-core';
import { enable as enableNavigationPreload } from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import type { PageToWorker } from '../src/common/pwa/sw-messages';
import { SYNC_TAG } from '../src/data/outbox';
import { flushOutbox, syncOutbox } from './outbox-sync';
import { openPushedChange, showPushedChange } from './push-notifications';
import { apiStrategy, imageStrategy, isApiGet, isImage, isKeptFile, isPage, keptFileHandler, navigationHandler } from './strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

precacheAndRoute(self.__WB_MANIFEST);
// On the very first install the page that installed the worker is taken over at once, so the
// first visit is enough to work offline. A later version still waits for the visitor's consent.
clientsClaim();
cleanupOutdatedCaches();
enableNavigationPreload();

registerRoute(isPage, navigationHandler);
registerRoute(isKeptFile, keptFileHandler);
registerRoute(isApiGet, apiStrategy);
registerRoute(isImage, imageStrategy);

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const message = event.data as PageToWorker | undefined;
  if (message?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (message?.type === 'FLUSH_OUTBOX') event.waitUntil(flushOutbox(self));
});

self.addEventListener('sync', (event: Event) => {
  const sync = event as ExtendableEvent & { tag: string };
  // A rejected promise tells the browser the sync failed: it fires it again later.
  if (sync.tag === SYNC_TAG) sync.waitUntil(syncOutbox(self));
});

self.addEventListener('push', (event: PushEvent) => event.waitUntil(showPushedChange(self, event)));
self.addEventListener('notificationclick', (event: NotificationEvent) => event.waitUntil(openPushedChange(self, event)));

self.addEventListener('activate', (event) => event.waitUntil(flushOutbox(self)));

// Every start of the worker is a chance to send what waits in the outbox.
void flushOutbox(self);
