/**
 * The body of the public API's push subscription route (issue 37): what the browser's
 * PushSubscription.toJSON() gives (the push service's address and the keys that encrypt for this
 * device), plus `sessions`, the ids of the sessions starred in "A minha agenda". Nothing else about
 * the visitor is sent or kept but `locale`, the language of the page that sent it, which the
 * notifications are written in (absent, as old clients send it: pt-PT). Shared by the browser and
 * the server's validation.
 */
import { array, number, object, string, type InferType } from 'yup';
import { DEFAULT_LOCALE, LOCALES } from '../i18n/locales';

const BASE64URL = /^[A-Za-z0-9_-]+=*$/;
/** More than any festival has: a bound on what one device may ask the server to keep. */
export const MAX_STARRED_SESSIONS = 500;

export const pushSubscriptionSchema = object({
  endpoint: string()
    .trim()
    .required('Falta o endereço do serviço de notificações (endpoint).')
    .max(2048, 'O endereço do serviço de notificações é demasiado longo.')
    .meta({ description: 'O endereço do serviço de push do navegador (PushSubscription.endpoint).' }),
  expirationTime: number().nullable().meta({ description: 'Como o navegador o dá (normalmente null); não é guardado.' }),
  keys: object({
    p256dh: string()
      .required('Falta a chave p256dh da subscrição.')
      .matches(BASE64URL, 'A chave p256dh tem de estar em base64url.')
      .max(200, 'A chave p256dh é demasiado longa.'),
    auth: string()
      .required('Falta a chave auth da subscrição.')
      .matches(BASE64URL, 'A chave auth tem de estar em base64url.')
      .max(100, 'A chave auth é demasiado longa.'),
  }).required('Faltam as chaves da subscrição (keys).'),
  sessions: array(
    string()
      .required()
      .matches(/^[0-9]+$/, 'Cada sessão é um identificador numérico.'),
  )
    .required('Faltam as sessões marcadas (sessions).')
    .max(MAX_STARRED_SESSIONS, `No máximo ${MAX_STARRED_SESSIONS} sessões.`)
    .meta({ description: 'Os identificadores das sessões marcadas em "A minha agenda" neste dispositivo.' }),
  locale: string()
    .oneOf(LOCALES, `A língua tem de ser uma de: ${LOCALES.join(', ')}.`)
    .default(DEFAULT_LOCALE)
    .meta({ description: 'A língua da página que ligou os avisos: a das notificações (sem ela, pt-PT).' }),
});
export type PushSubscriptionBody = InferType<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = object({
  endpoint: string().trim().required('Falta o endereço do serviço de notificações (endpoint).').max(2048),
});
export type PushUnsubscribeBody = InferType<typeof pushUnsubscribeSchema>;
