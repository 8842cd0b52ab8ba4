/**
 * The e-mails the back office sends to its staff (server/gestao/auth/link-delivery.ts): an
 * invitation and a link to choose a new password, in pt-PT, the staff's language; the link's
 * expiry said in Lisbon's time, as every time in the back office.
 */
import { say } from './gestao-words';

const INVITATION_SUBJECT = /*i18n*/ { id: 'gestao.mail.invitation.subject', message: 'Convite para a gestão do site da {festival}' };
const INVITATION_TEXT = /*i18n*/ {
  id: 'gestao.mail.invitation.text',
  message:
    'Olá,\n\n{inviter} convidou-o para a gestão do site da {festival}, com o perfil {role}.\n\nPara escolher a sua palavra-passe e entrar, abra esta ligação até {expires} (hora de Lisboa):\n\n{link}\n\nA ligação serve uma só vez. Se não esperava este convite, ignore esta mensagem.',
};
const RESET_SUBJECT = /*i18n*/ { id: 'gestao.mail.reset.subject', message: 'Nova palavra-passe para a gestão do site da {festival}' };
const RESET_TEXT = /*i18n*/ {
  id: 'gestao.mail.reset.text',
  message:
    'Olá,\n\nFoi pedida uma ligação para escolher uma nova palavra-passe da conta {email} na gestão do site da {festival}.\n\nAbra-a até {expires} (hora de Lisboa):\n\n{link}\n\nA ligação serve uma só vez e as anteriores deixam de servir. A verificação em dois passos e as chaves de acesso ficam como estavam. Se não pediu isto, avise quem administra a equipa.',
};
const MAIL_PROBLEM = /*i18n*/ {
  id: 'gestao.mail.problem',
  message: 'O servidor de correio não aceitou a mensagem ({reason}). Entregue esta ligação à pessoa:',
};

export interface MailWords {
  subject: string;
  text: string;
}

export const invitationMailWords = (values: {
  festival: string;
  inviter: string;
  role: string;
  expires: string;
  link: string;
}): MailWords => ({
  subject: say(INVITATION_SUBJECT, values),
  text: say(INVITATION_TEXT, values),
});

export const resetMailWords = (values: { festival: string; email: string; expires: string; link: string }): MailWords => ({
  subject: say(RESET_SUBJECT, values),
  text: say(RESET_TEXT, values),
});

export const mailProblem = (reason: string) => say(MAIL_PROBLEM, { reason });
