/**
 * The VAPID key pair the push services know this site by: from the environment, or made once by
 * whichever instance starts first and kept in the database for all of them (a new pair would
 * orphan every browser's subscription, which is bound to the public key it was made with).
 */
import webpush from 'web-push';
import type { Db } from '../db/database';
import { readOrCreateSecret } from '../db/repositories/staff/staff-secrets-repository';
import type { VapidSettings } from './push-config';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const SECRET_NAME = 'vapid-keys';

export async function vapidKeys(db: Db, settings: VapidSettings, now: string): Promise<VapidKeys> {
  if (settings.keys) return { ...settings.keys, subject: settings.subject };
  const stored = await readOrCreateSecret(db, SECRET_NAME, () => JSON.stringify(webpush.generateVAPIDKeys()), now);
  const { publicKey, privateKey } = JSON.parse(stored) as { publicKey: string; privateKey: string };
  return { publicKey, privateKey, subject: settings.subject };
}
