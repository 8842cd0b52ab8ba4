/**
 * `npm run secrets -- rotate <name>`: a new value for one of the secrets the instances share
 * (kept in the database, staff_secrets, never in the code or the environment):
 * - session: signs the back office's session cookie: every staff member logs in again;
 * - preview-links: signs the draft's preview links: every link already sent stops opening;
 * - device-cookies: signs the back office's device cookies (server/gestao/auth/device-cookies.ts):
 *   every device is unknown again, and shares the account's login limit, until its next login.
 * Each instance reads the secret when it starts, so a rolling restart follows the rotation
 * (docs/operations.md); until an instance restarts, it keeps the old value.
 *
 * `rotate audit-key` is the one secret never kept in the database: the key that seals the audit
 * log (server/db/audit-seal.ts) must be out of reach of the database's roles. It prints a new
 * id:key for the front of AUDIT_MAC_KEYS, in the instances' environment file, and stores nothing;
 * the keys already there stay behind it to verify what they sealed.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database';
import { replaceSecret } from '../db/repositories/staff/staff-secrets-repository';

export const ROTATABLE_SECRETS = {
  session: 'todas as pessoas da equipa terão de iniciar sessão de novo',
  'preview-links': 'as ligações de pré-visualização já enviadas deixam de abrir',
  'device-cookies': 'os dispositivos conhecidos passam a desconhecidos até à próxima entrada de cada pessoa',
} as const;

export type RotatableSecret = keyof typeof ROTATABLE_SECRETS;

/** Kept in the environment (AUDIT_MAC_KEYS), not in the database. */
export const AUDIT_KEY_SECRET = 'audit-key';

const USAGE = `Uso: npm run secrets -- rotate <${[...Object.keys(ROTATABLE_SECRETS), AUDIT_KEY_SECRET].join('|')}>`;

/** A new audit key: its id, the UTC minute it was made (20261127T2100), and 32 random bytes. */
function newAuditKey(now: Date): SecretsCommandResult {
  const id = now.toISOString().slice(0, 16).replace(/[-:]/g, '');
  const key = `${id}:${randomBytes(32).toString('hex')}`;
  return {
    code: 0,
    out: [
      `Nova chave do registo de auditoria, «${id}» (não é guardada na base de dados):`,
      key,
      'Ponha-a à frente das que AUDIT_MAC_KEYS já tem (AUDIT_MAC_KEYS=<nova>,<as anteriores>), no ambiente de cada instância e de quem corre npm run audit:verify;',
      'as anteriores ficam para verificar as entradas que selaram. Depois reinicie cada instância (uma de cada vez).',
      '',
    ].join('\n'),
    err: '',
  };
}

export interface SecretsCommandResult {
  code: number;
  out: string;
  err: string;
}

export async function runSecretsCommand(args: string[], { db, now }: { db: Db; now: Date }): Promise<SecretsCommandResult> {
  const [verb, name, ...rest] = args;
  if (verb !== 'rotate' || name === undefined || rest.length > 0) return { code: 2, out: '', err: `${USAGE}\n` };
  if (name === AUDIT_KEY_SECRET) return newAuditKey(now);
  if (!Object.hasOwn(ROTATABLE_SECRETS, name)) {
    return { code: 2, out: '', err: `Segredo desconhecido: «${name}». ${USAGE}\n` };
  }
  const secret = name as RotatableSecret;
  await replaceSecret(db, secret, randomBytes(32).toString('hex'), now.toISOString());
  return {
    code: 0,
    out: `Segredo «${secret}» substituído: ${ROTATABLE_SECRETS[secret]}. Reinicie cada instância (uma de cada vez) para o usar.\n`,
    err: '',
  };
}
