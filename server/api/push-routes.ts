/**
 * The public API's Web Push routes (issue 37): the site's VAPID public key, and a device's
 * subscription with its starred sessions (kept, replaced, deleted). An endpoint is an address the
 * visitor supplies: only the known push services (PUSH_SERVICE_ORIGINS) are accepted, so the server
 * never posts anywhere else.
 */
import type { FastifyInstance } from 'fastify';
import { deleteSubscription, saveSubscription, subscriptionExists } from '../db/repositories/push/push-repository';
import type { AppDeps } from '../deps';
import { isKnownPushService } from '../push/push-config';
import type { JsonHandlers, PushHandlers } from './endpoint-registration';
import { HttpError } from './http-errors';

export const UNKNOWN_PUSH_SERVICE =
  'Este endereço não é de um serviço de notificações conhecido: os avisos só podem ser enviados pelos serviços dos navegadores.';

export const TOO_MANY_DEVICES =
  'Hoje já foram ligados avisos em demasiados dispositivos a partir desta rede. Tente novamente amanhã, ou a partir de outra rede.';

const DAY_MS = 24 * 60 * 60 * 1000;

export function pushKeyHandler(app: FastifyInstance): JsonHandlers['pushKey'] {
  return async () => ({ public_key: await app.pushSender.publicKey() });
}

export function pushHandlers(app: FastifyInstance, deps: AppDeps): PushHandlers {
  const { db, config, clock } = deps;
  // New devices per address per day (in this instance's memory, like the other request limits):
  // a device already subscribed changes its stars freely. Made at the first new device: an app
  // that serves no visitor (the draft preview's) never registers the limits.
  let newDevices: ReturnType<FastifyInstance['createRateLimit']> | undefined;
  return {
    pushSubscribe: async ({ body, request, reply }) => {
      if (!isKnownPushService(body.endpoint, config.pushServiceOrigins))
        throw new HttpError(400, UNKNOWN_PUSH_SERVICE, { endpoint: UNKNOWN_PUSH_SERVICE });
      if (!(await subscriptionExists(db, body.endpoint))) {
        newDevices ??= app.createRateLimit({ max: config.pushDevicesPerAddress, timeWindow: DAY_MS });
        const counted = await newDevices(request);
        if (!counted.isAllowed && counted.isExceeded) {
          reply.header('retry-after', String(counted.ttlInSeconds));
          throw new HttpError(429, TOO_MANY_DEVICES);
        }
      }
      // Only the sessions that exist are kept, and counted in the answer.
      const count = await saveSubscription(
        db,
        { endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth },
        body.sessions,
        clock().toISOString(),
        body.locale,
      );
      return { ok: true, sessions: count, message: 'Avisos ligados neste dispositivo.' };
    },
    pushUnsubscribe: async ({ body }) => {
      await deleteSubscription(db, body.endpoint);
      app.log.debug('push subscription deleted');
      return { ok: true, sessions: 0, message: 'Avisos desligados: a subscrição foi apagada.' };
    },
  };
}
