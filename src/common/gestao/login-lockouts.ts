/**
 * A login lockout as administrators see it (GET /gestao/api/login-lockouts, the "Equipa" screen):
 * a counter of failed logins over its limit (server/gestao/auth/login-limits.ts).
 */
import { say } from './gestao-words';

export type LoginLockoutScope = 'account' | 'address' | 'device' | 'passkey';

export interface LoginLockoutView {
  id: number;
  scope: LoginLockoutScope;
  /** The email typed (account) or the device's account (device); null for an address. */
  email: string | null;
  /** The address (address, passkey), or the last one a failure came from. */
  address: string | null;
  /** The email is an account's (an attacker may type any). */
  isAccount: boolean;
  lockedAt: string;
  /** UTC ISO: when it stops refusing unless lifted before. */
  until: string;
  failures: number;
}

/** What each lock refuses, in the administrators' words. */
export const LOCKOUT_SCOPE_LABELS: Record<LoginLockoutScope, string> = {
  account: say(/*i18n*/ { id: 'gestao.lockout.account', message: 'Conta, em dispositivos desconhecidos' }),
  address: say(/*i18n*/ { id: 'gestao.lockout.address', message: 'Endereço, entradas com palavra-passe' }),
  device: say(/*i18n*/ { id: 'gestao.lockout.device', message: 'Dispositivo conhecido da conta' }),
  passkey: say(/*i18n*/ { id: 'gestao.lockout.passkey', message: 'Endereço, entradas com chave de acesso' }),
};
