/**
 * This device's subscription to change notices (issue 37): turned on (permission, the browser's
 * subscribe call, the server told of the starred sessions), kept in step when stars change
 * (through the outbox, so a change made offline reaches the server when the connection returns,
 * even with no page open), and turned off (the server deletes its row). Which endpoint is on is
 * kept in localStorage, so a later visit knows without asking the browser; the subscription as
 * the server has it, in IndexedDB beside the outbox that sends it again. Each post carries the
 * page's language, which the notifications are written in.
 */
import { API_BASE, apiPath, endpoints, pushEndpoints } from '../../common/api/endpoint-refs';
import { localeOfPath, type Locale } from '../../common/i18n/locales';
import { loadDataLayer } from '../../data/lazy-data';
import { subscribeToPush } from '../../pwa/push-subscribe';

const KEY = 'festa.push.endpoint';
/** meta: this device's subscription (PushSubscription.toJSON()), what each list of stars is sent with. */
const SUBSCRIPTION_KEY = 'pushSubscription';
/** meta: the starred sessions last handed to the outbox (sorted ids, joined by commas; with its language, after a '|'). */
const QUEUED_STARS_KEY = 'pushStarsQueued';

/**
 * Why the switch could not be turned: the visitor reads a sentence of the page's language for it
 * (push-offer.tsx), never a browser's or the server's own words ("Registration failed - permission
 * denied"). 'refused': the server did not keep the subscription (or its refusal); 'not-allowed':
 * notifications are not allowed for the site; 'failed': anything else (no push service, no signal).
 */
export type PushProblemKind = 'refused' | 'not-allowed' | 'failed';

export class PushProblem extends Error {
  constructor(
    readonly kind: PushProblemKind,
    detail: string,
  ) {
    super(detail);
    this.name = 'PushProblem';
  }
}

/** What went wrong, as a kind: a browser's refusal of permission is a DOMException named NotAllowedError. */
export function pushProblemKind(error: unknown): PushProblemKind {
  if (error instanceof PushProblem) return error.kind;
  if (error instanceof Error && error.name === 'NotAllowedError') return 'not-allowed';
  return 'failed';
}

/** A list of stars as last sent, with the language it was sent in: a page in another language sends it again. */
const starsKey = (sessionIds: readonly string[], locale: Locale) => `${[...sessionIds].sort().join(',')}|${locale}`;

/** The page's language, from its address, for a caller without the page's i18n (a star's handler). */
const pageLocale = (): Locale => localeOfPath(window.location.pathname);

export const pushEndpointOnThisDevice = (
  storage: Storage | undefined = typeof localStorage === 'undefined' ? undefined : localStorage,
): string | null => storage?.getItem(KEY) ?? null;

async function send(method: 'POST' | 'DELETE', body: unknown): Promise<void> {
  const response = await fetch(`${API_BASE}${pushEndpoints.pushSubscribe.path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const problem = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new PushProblem('refused', problem?.message ?? `push subscription answered ${response.status}`);
  }
}

/** Turns the notices on, in the page's language (`locale`: its i18n.locale). */
export async function turnOnPush(sessionIds: string[], locale: Locale = pageLocale()): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushProblem('not-allowed', `notification permission: ${permission}`);
  const registration = await navigator.serviceWorker.ready;
  const keyAnswer = await fetch(`${API_BASE}${apiPath(endpoints.pushKey, {})}`);
  const { public_key } = (await keyAnswer.json()) as { public_key: string };
  const subscription = await subscribeToPush(registration, public_key);
  await send('POST', { ...subscription, sessions: sessionIds, locale });
  localStorage.setItem(KEY, subscription.endpoint ?? '');
  await (await loadDataLayer()).festaDb()?.meta.bulkPut([
    { key: SUBSCRIPTION_KEY, value: subscription },
    { key: QUEUED_STARS_KEY, value: starsKey(sessionIds, locale) },
  ]);
}

export async function turnOffPush(): Promise<void> {
  const layer = await loadDataLayer();
  // A list of stars still waiting would subscribe the device again after the server deleted it.
  await layer.pageOutbox()?.dropStars();
  await layer.festaDb()?.meta.bulkDelete([SUBSCRIPTION_KEY, QUEUED_STARS_KEY]);
  const endpoint = pushEndpointOnThisDevice();
  if (endpoint) await send('DELETE', { endpoint });
  const registration = await navigator.serviceWorker.getRegistration();
  await (await registration?.pushManager?.getSubscription())?.unsubscribe();
  localStorage.removeItem(KEY);
}

/**
 * Hands the agenda's sessions to the outbox when they differ from the list last handed over: sent
 * at once when online, else when the connection returns (the page's timer, Background Sync, the
 * worker's next start). Called after every star and from "A minha agenda", with the page's language:
 * the notices follow the language the visitor last used the site in.
 */
export async function keepPushStarsInStep(locale: Locale = pageLocale()): Promise<void> {
  const endpoint = pushEndpointOnThisDevice();
  if (!endpoint) return;
  const layer = await loadDataLayer();
  const db = layer.festaDb();
  const outbox = layer.pageOutbox();
  if (!db || !outbox) return;
  const subscription =
    ((await db.meta.get(SUBSCRIPTION_KEY))?.value as PushSubscriptionJSON | undefined) ??
    // Turned on before the subscription was kept beside the outbox: the browser still has it.
    (await (await navigator.serviceWorker.getRegistration())?.pushManager?.getSubscription())?.toJSON();
  if (!subscription || subscription.endpoint !== endpoint) return;
  const sessions = (await db.agenda.toArray()).map((entry) => entry.sessionId).sort();
  if ((await db.meta.get(QUEUED_STARS_KEY))?.value === starsKey(sessions, locale)) return;
  await outbox.enqueueStars({ ...subscription, sessions, locale });
  await db.meta.bulkPut([
    { key: SUBSCRIPTION_KEY, value: subscription },
    { key: QUEUED_STARS_KEY, value: starsKey(sessions, locale) },
  ]);
  void layer.requestBackgroundSync();
  await outbox.flush();
}
