/**
 * Refusals of /gestao/api that its OpenAPI document names as well as the server answers them:
 * written once here, in pt-PT, for both.
 */
import { say } from '../gestao-words';

export const USER_NOT_FOUND = say(/*i18n*/ { id: 'gestao.refusal.userNotFound', message: 'Conta não encontrada.' });
export const EMAIL_TAKEN = say(/*i18n*/ { id: 'gestao.refusal.emailTaken', message: 'Já existe uma conta com este e-mail.' });
/** An invitation to an address that has an account: what to do instead (a 409 that says so, with the route). */
export const EMAIL_HAS_ACCOUNT = say(
  /*i18n*/ {
    id: 'gestao.refusal.emailHasAccount',
    message: '{taken} Para que a pessoa volte a entrar, envie-lhe uma ligação para repor a palavra-passe (Equipa, na linha da conta).',
  },
  { taken: EMAIL_TAKEN },
);
/** A pending invitation that is no longer: accepted, withdrawn, or sent again meanwhile (its id changed). */
export const INVITATION_GONE = say(
  /*i18n*/ { id: 'gestao.refusal.invitationGone', message: 'Este convite já não está pendente: foi aceite, retirado ou reenviado.' },
);
/** A lost value's notice no longer to settle: put back or dismissed already (another tab), or someone else's. */
export const LOST_CHANGE_GONE = say(
  /*i18n*/ { id: 'gestao.refusal.lostChangeGone', message: 'Este aviso já foi tratado (noutra janela, talvez).' },
);
export const LAST_ADMIN = say(
  /*i18n*/ { id: 'gestao.refusal.lastAdmin', message: 'Tem de ficar pelo menos uma conta de Administração ativa.' },
);

/** Wrong answers to the password again, in a row, that end the session. */
export const MAX_REAUTH_FAILURES = 5;
export const REAUTH_WRONG_PASSWORD = say(/*i18n*/ { id: 'gestao.refusal.reauthWrongPassword', message: 'Palavra-passe incorreta.' });
/** Wrong current passwords that end the session: they count with the answers to the password again (one count per session). */
export const MAX_PASSWORD_CHANGE_FAILURES = MAX_REAUTH_FAILURES;
export const CURRENT_PASSWORD_WRONG = say(
  /*i18n*/ { id: 'gestao.refusal.currentPasswordWrong', message: 'A palavra-passe atual não está certa.' },
);
export const RESET_INVALID = say(
  /*i18n*/ {
    id: 'gestao.refusal.resetInvalid',
    message: 'Esta ligação para repor a palavra-passe não é válida, já foi usada ou expirou. Peça uma nova a um administrador.',
  },
);
export const RESET_DISABLED = say(
  /*i18n*/ {
    id: 'gestao.refusal.resetDisabled',
    message: 'Esta conta está desativada: reative-a antes de enviar uma ligação para repor a palavra-passe.',
  },
);

export const TOTP_ALREADY_ON = say(
  /*i18n*/ { id: 'gestao.refusal.totpAlreadyOn', message: 'A verificação em dois passos já está ativa nesta conta.' },
);
export const TOTP_NOTHING_TO_CONFIRM = say(
  /*i18n*/ {
    id: 'gestao.refusal.totpNothingToConfirm',
    message: 'Não há nenhuma configuração da verificação em dois passos por confirmar.',
  },
);

export const PASSKEY_NOT_FOUND = say(/*i18n*/ { id: 'gestao.refusal.passkeyNotFound', message: 'Chave de acesso não encontrada.' });
export const LOCKOUT_NOT_FOUND = say(/*i18n*/ { id: 'gestao.refusal.lockoutNotFound', message: 'Este bloqueio já não está em vigor.' });
