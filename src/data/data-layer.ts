/**
 * The browser's data layer behind IndexedDB (Dexie, the outbox, the programme sync, the service
 * worker's registration), in a chunk of its own: a page paints and hydrates from the answers the
 * server embedded, and this loads after (see lazy-data.ts).
 */
export { liveQuery } from 'dexie';
export { festaDb } from './db';
export { dexiePersistence } from './persistence';
export { pageOutbox, requestBackgroundSync } from './submit';
export { applyUpdate, startBackgroundWork } from '../pwa/background-work';
export { onUpdateWaiting } from '../pwa/register-sw';
/** A star's part in the change notices (src/agenda/push/push-nudge.tsx), loaded from here so the entry names no chunk of it. */
export const loadPushNudge = () => import('../agenda/push/push-nudge');
