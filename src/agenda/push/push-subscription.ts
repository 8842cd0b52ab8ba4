/**
 * This device's subscription to change notices (issue 37): turned on (permission, the browser's
 * subscribe call, the server told of the starred sessions), kept in step when stars change, and
 * turned off (the server deletes its row). Which endpoint is on is kept in localStorage, so a
 * later visit knows without asking the browser.
 */
import { API_BASE, apiPath, endpoints, pushEndpoints } from '../../common/api/endpoint-refs';
import { subscribeToPush } from '../../pwa/push-subscribe';

const KEY = 'festa.push.endpoint';
/** The stars sent last, or null while the server has not got the current ones (offline). */
const SENT_KEY = 'festa.push.sent';

export const pushEndpointOnThisDevice = (): string | null => (typeof localStorage === 'undefined' ? null : localStorage.getItem(KEY));

async function send(method: 'POST' | 'DELETE', body: unknown): Promise<void> {
  const response = await fetch(`${API_BASE}${pushEndpoints.pushSubscribe.path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const problem = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(problem?.message ?? 'O servidor não guardou a subscrição. Tente de novo.');
  }
}

let current: PushSubscriptionJSON | null = null;

export async function turnOnPush(sessionIds: string[]): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Sem autorização para notificações, o site não pode avisar neste telemóvel.');
  const registration = await navigator.serviceWorker.ready;
  const keyAnswer = await fetch(`${API_BASE}${apiPath(endpoints.pushKey, {})}`);
  const { public_key } = (await keyAnswer.json()) as { public_key: string };
  current = await subscribeToPush(registration, public_key);
  await send('POST', { ...current, sessions: sessionIds });
  localStorage.setItem(KEY, current.endpoint ?? '');
  localStorage.setItem(SENT_KEY, JSON.stringify([...sessionIds].sort()));
}

export async function turnOffPush(): Promise<void> {
  const endpoint = pushEndpointOnThisDevice();
  if (endpoint) await send('DELETE', { endpoint });
  const registration = await navigator.serviceWorker.getRegistration();
  await (await registration?.pushManager?.getSubscription())?.unsubscribe();
  localStorage.removeItem(KEY);
  localStorage.removeItem(SENT_KEY);
  current = null;
}

/**
 * Tells the server the stars as they now are, when they differ from those it has; offline, it is
 * tried again at the next change, visit or return of the network.
 */
export async function syncPushStars(sessionIds: string[]): Promise<void> {
  const endpoint = pushEndpointOnThisDevice();
  if (!endpoint) return;
  const sorted = JSON.stringify([...sessionIds].sort());
  if (localStorage.getItem(SENT_KEY) === sorted) return;
  const registration = await navigator.serviceWorker.ready;
  const subscription = current ?? (await registration.pushManager.getSubscription())?.toJSON() ?? null;
  if (!subscription || subscription.endpoint !== endpoint) return;
  localStorage.removeItem(SENT_KEY);
  await send('POST', { ...subscription, sessions: sessionIds });
  localStorage.setItem(SENT_KEY, sorted);
}
