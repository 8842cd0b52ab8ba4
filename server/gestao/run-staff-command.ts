/**
 * `npm run staff -- add <email> --role <role> --password-stdin`: the only way to make the first
 * account (there is no default one). The password comes on standard input, never on the command
 * line, where `ps` and the shell's history would keep it. The command itself lives here, apart
 * from server/cli/staff-command.ts, so that the tests run it in-process against their own database.
 */
import { ROLES } from '../../src/common/gestao/roles';
import type { Db } from '../db/database';
import { appendAudit } from '../db/repositories/audit/audit-log-repository';
import { createStaffAccount } from './auth/accounts';

export const STAFF_USAGE = `Uso: npm run staff -- add <e-mail> --role <${ROLES.join('|')}> --password-stdin
  (a palavra-passe é lida da entrada padrão, por exemplo: printf '%s' "$PALAVRA_PASSE" | npm run staff -- add ...)`;

export interface StaffCommandResult {
  code: number;
  /** What to print on standard output (success) and standard error (problems). */
  out: string;
  err: string;
}

/** The password as typed on standard input: one final line break (echo, a here-string) is not part of it. */
export function passwordFromStdin(text: string): string {
  return text.replace(/\r?\n$/, '');
}

export async function runStaffCommand(
  argv: string[],
  deps: { db: Db; now: Date; readStdin: () => Promise<string> },
): Promise<StaffCommandResult> {
  const fail = (message: string, code = 1): StaffCommandResult => ({ code, out: '', err: `${message}\n` });
  const [command, email, ...rest] = argv;
  if (command !== 'add' || !email || email.startsWith('--')) return fail(STAFF_USAGE, 2);
  const roleAt = rest.indexOf('--role');
  const role = roleAt >= 0 ? rest[roleAt + 1] : undefined;
  if (role === undefined) return fail(`Indique a função com --role.\n${STAFF_USAGE}`);
  if (!rest.includes('--password-stdin')) return fail(`A palavra-passe tem de vir da entrada padrão (--password-stdin).\n${STAFF_USAGE}`);
  const password = passwordFromStdin(await deps.readStdin());
  const result = await createStaffAccount(deps.db, { email, role, password }, deps.now);
  if (!result.ok) return fail(result.message);
  await appendAudit(deps.db, {
    at: deps.now.toISOString(),
    actorId: null,
    actorEmail: null,
    ip: null,
    action: 'user.create',
    subject: `staff_users/${result.id}`,
    outcome: 'ok',
    after: { email: result.email, role: result.role, via: 'linha de comandos' },
  });
  // An administrator must have a second factor (auth/enrolment.ts): said now, so the first login is no surprise.
  const next =
    result.role === 'administracao'
      ? 'Na primeira entrada em /gestao, ative a verificação em dois passos ou uma chave de acesso: até lá, a gestão não abre.\n'
      : '';
  return { code: 0, out: `Conta criada: ${result.email} (${result.role}).\n${next}`, err: '' };
}
