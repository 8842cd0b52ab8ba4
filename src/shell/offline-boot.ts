/**
 * The app shell's boot (served by the service worker without signal): the page's data comes from
 * IndexedDB, read directly; the data layer (Dexie) follows once the page is idle, as online.
 * A chunk of its own, fetched beside the page's chunk: a server-rendered page never needs it.
 */
import { DEFAULT_SCOPE } from '../common/constants';
import { readRouteData } from '../routing/route-data';
import { readStoredAnswers } from '../data/stored-answers';
import type { BootData } from './entry-server';
import { scopeFromCookie } from './scope';

export async function offlineBoot(): Promise<BootData> {
  const scope = scopeFromCookie(document.cookie) ?? DEFAULT_SCOPE;
  const data = await readRouteData(new URL(window.location.href), scope, readStoredAnswers).catch(() => null);
  return data ? { scope: data.ctx.scope, snapshot: data.snapshot } : { scope, snapshot: {} };
}
