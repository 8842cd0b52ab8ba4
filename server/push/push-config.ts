/**
 * Web Push's configuration (issue 37), validated at start-up with the rest of the environment
 * (server/config.ts): the push services the server may send to, and the VAPID keys when the
 * environment gives them (else they are made once and kept in the database: vapid-keys.ts).
 */

/**
 * The browsers' push services: Chrome and Edge on Android and desktop (FCM), Firefox (Mozilla's
 * autopush), Safari and iOS (Apple), Edge on Windows (WNS, one host per region).
 */
export const DEFAULT_PUSH_SERVICE_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.notify.windows.com',
];

/** An origin, or `https://*.host` for every subdomain of host. */
export type PushServiceOrigins = readonly string[];

const isLoopback = (hostname: string) => hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';

/**
 * PUSH_SERVICE_ORIGINS: comma-separated origins; https only, except a loopback address (the tests'
 * own push service). Throws a pt-PT message naming the bad entry.
 */
export function pushServiceOriginsOf(value: string | undefined): PushServiceOrigins {
  const text = (value ?? '').trim();
  if (text === '') return DEFAULT_PUSH_SERVICE_ORIGINS;
  return text.split(',').map((entry) => {
    const origin = entry.trim().replace(/\/$/, '');
    let url: URL;
    try {
      url = new URL(origin.replace('://*.', '://wildcard.'));
    } catch {
      throw new Error(`PUSH_SERVICE_ORIGINS: «${origin}» não é uma origem (https://servidor)`);
    }
    if (url.origin !== origin.replace('://*.', '://wildcard.')) {
      throw new Error(`PUSH_SERVICE_ORIGINS: «${origin}» tem de ser só a origem (https://servidor[:porta]), sem caminho`);
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname))) {
      throw new Error(`PUSH_SERVICE_ORIGINS: «${origin}» tem de usar https (http só num endereço local, para testes)`);
    }
    return origin;
  });
}

/** Whether a subscription's endpoint is at one of the known push services. */
export function isKnownPushService(endpoint: string, origins: PushServiceOrigins): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username !== '' || url.password !== '') return false;
  return origins.some((origin) => {
    const wildcard = origin.indexOf('://*.');
    if (wildcard === -1) return url.origin === origin;
    const scheme = origin.slice(0, wildcard + 1);
    const suffix = origin.slice(wildcard + 4);
    return url.protocol === scheme && url.port === '' && url.host.endsWith(suffix) && url.host.length > suffix.length;
  });
}

/**
 * PUSH_LEASE_SECONDS: how long a batch claimed by one instance is its own; if the instance dies
 * mid-send, another takes the rest over after it (server/push/push-sender.ts). The request timeout
 * is derived from it (requestTimeoutMs), so a batch's requests always end within its lease. An
 * operator may shorten it (a dead instance's notices wait less, each request gets less time); the
 * tests that kill an instance use a few seconds, so as not to wait a minute for the takeover.
 */
export const DEFAULT_PUSH_LEASE_SECONDS = 60;
/** Below this, a request would have less than half a second for a push service to answer. */
export const MIN_PUSH_LEASE_SECONDS = 2;
/** Beyond this, a dead instance's notices would wait over an hour for another to send them. */
export const MAX_PUSH_LEASE_SECONDS = 3600;

/** VAPID keys given by the environment: both or neither, in the URL-safe base64 web-push makes. */
export interface VapidSettings {
  keys: { publicKey: string; privateKey: string } | undefined;
  subject: string;
}

export function vapidSettingsOf(env: { publicKey?: string; privateKey?: string; subject?: string }, publicUrl: string): VapidSettings {
  const { publicKey, privateKey } = env;
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    throw new Error(
      'VAPID_PUBLIC_KEY e VAPID_PRIVATE_KEY vão juntas: indique as duas, ou nenhuma (são feitas uma vez e guardadas na base de dados)',
    );
  }
  if (publicKey !== undefined && !/^[A-Za-z0-9_-]{87}$/.test(publicKey)) {
    throw new Error(
      'VAPID_PUBLIC_KEY tem de ser uma chave P-256 não comprimida em base64url (87 caracteres), como as de `npx web-push generate-vapid-keys`',
    );
  }
  if (privateKey !== undefined && !/^[A-Za-z0-9_-]{43}$/.test(privateKey)) {
    throw new Error(
      'VAPID_PRIVATE_KEY tem de ser uma chave P-256 em base64url (43 caracteres), como as de `npx web-push generate-vapid-keys`',
    );
  }
  const subject = env.subject ?? (publicUrl.startsWith('https://') ? publicUrl : 'https://festadocinemaitaliano.pt');
  if (!/^(https:\/\/[^\s/]+|mailto:[^\s@]+@[^\s@]+)/.test(subject)) {
    throw new Error('VAPID_SUBJECT tem de ser um URL https:// ou um endereço mailto: (o serviço de push contacta-o se houver problemas)');
  }
  return { keys: publicKey && privateKey ? { publicKey, privateKey } : undefined, subject };
}
