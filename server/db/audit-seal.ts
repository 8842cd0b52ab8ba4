/**
 * The audit log's seals (docs/operations.md, "O registo de auditoria"): the hash chain
 * (audit-chain.ts) shows a change, but anyone who can write the database, the app's own role
 * included, can compute the next link and add an entry that chains. A seal is what that role
 * cannot make: HMAC-SHA-256, with a key the app holds outside the database (AUDIT_MAC_KEYS), over
 * the entry's id and hash (which covers its content and its link to the entry before), kept in
 * audit_log_seal with the id of the key that made it.
 *
 * The keys travel with the database handle (openDatabase's auditKeys, as a Kysely plugin that
 * changes no query): every appendAudit on that handle, or a transaction of it, seals what it
 * writes, and `npm run audit:verify` checks with the same keys. The first key seals; the others
 * only verify the entries they sealed before a rotation.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

export interface AuditKey {
  id: string;
  secret: Buffer;
}

export interface AuditKeys {
  /** The key that seals new entries: the first of AUDIT_MAC_KEYS. */
  signing: AuditKey;
  /** Every key, by id: the older ones verify what they sealed. */
  byId: ReadonlyMap<string, Buffer>;
}

const KEY_ID = /^[A-Za-z0-9._-]{1,40}$/;
const KEY_HEX = /^(?:[0-9a-f]{2}){32,}$/i;
const FORMAT = 'AUDIT_MAC_KEYS é uma lista id:chave separada por vírgulas, a mais recente primeiro (npm run secrets -- rotate audit-key)';

/**
 * AUDIT_MAC_KEYS: `id:hex,id:hex,…`, the first seals; each key at least 32 bytes in hexadecimal,
 * each id once. Undefined when unset. Throws a pt-PT line naming the variable (never a key).
 */
export function auditKeysOf(value: string | undefined): AuditKeys | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  const keys: AuditKey[] = [];
  for (const [n, item] of text.split(',').entries()) {
    const [id = '', hex = '', ...rest] = item.trim().split(':');
    const which = `${n + 1}.ª chave de AUDIT_MAC_KEYS`;
    if (rest.length > 0 || hex === '') throw new Error(`${FORMAT}: a ${which} não tem a forma id:chave`);
    if (!KEY_ID.test(id)) throw new Error(`${FORMAT}: o id da ${which} tem de ter 1 a 40 letras, algarismos, «.», «_» ou «-»`);
    if (!KEY_HEX.test(hex)) throw new Error(`${FORMAT}: a chave «${id}» tem de ter pelo menos 32 bytes em hexadecimal (64 caracteres)`);
    if (keys.some((key) => key.id === id)) throw new Error(`${FORMAT}: o id «${id}» aparece mais de uma vez`);
    keys.push({ id, secret: Buffer.from(hex, 'hex') });
  }
  return { signing: keys[0]!, byId: new Map(keys.map((key) => [key.id, key.secret])) };
}

/** The seal of entry `id` whose chain hash is `hash`, by key `keyId`: HMAC-SHA-256, hex. */
export function auditSeal(secret: Buffer, keyId: string, id: number, hash: string): string {
  return createHmac('sha256', secret).update(`festa-audit-seal:v1\n${id}\n${keyId}\n${hash}`, 'utf8').digest('hex');
}

/** Whether `mac` is the seal of that entry by that key (compared in constant time). */
export function auditSealMatches(secret: Buffer, keyId: string, id: number, hash: string, mac: string): boolean {
  const expected = Buffer.from(auditSeal(secret, keyId, id, hash), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(mac) ? Buffer.from(mac, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Carries the keys with a database handle and its transactions; leaves every query as it is. */
export class AuditKeysPlugin implements KyselyPlugin {
  constructor(readonly keys: AuditKeys) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(args.result);
  }
}

/** The keys a database handle (or a transaction of it) was opened with, if any. */
export function auditKeysOfHandle(db: { getExecutor(): { plugins: ReadonlyArray<KyselyPlugin> } }): AuditKeys | undefined {
  const plugin = db.getExecutor().plugins.find((p): p is AuditKeysPlugin => p instanceof AuditKeysPlugin);
  return plugin?.keys;
}
