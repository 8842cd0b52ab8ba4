/**
 * The back office's account forms, one Yup schema each: Formik validates the form with it, and the
 * API's document (GET /gestao/api/openapi.json) describes the request body with the same schema.
 */
// First, so that the schemas below are built with Yup's messages in pt-PT.
import '../forms/yup-locale';
import { mixed, object, string } from 'yup';
import { trimmedString } from '../forms/trimmed-string';
import { say } from './gestao-words';
import { ROLES, type Role } from './roles';

const WORDS = {
  emailMissing: /*i18n*/ { id: 'gestao.login.emailMissing', message: 'Escreva o seu email.' },
  passwordMissing: /*i18n*/ { id: 'gestao.login.passwordMissing', message: 'Escreva a sua palavra-passe.' },
  inviteeMissing: /*i18n*/ { id: 'gestao.invitation.emailMissing', message: 'Escreva o email da pessoa.' },
  invalidEmail: /*i18n*/ { id: 'gestao.invitation.invalidEmail', message: 'Endereço de email inválido.' },
  roleMissing: /*i18n*/ { id: 'gestao.invitation.roleMissing', message: 'Escolha o perfil.' },
};

/** POST /gestao/api/session. `code`: the two-step login's six digits, once the server asks for it. */
export const loginSchema = object({
  email: trimmedString(say(WORDS.emailMissing)).required(say(WORDS.emailMissing)),
  password: string().required(say(WORDS.passwordMissing)),
  code: string(),
});

/** POST /gestao/api/invitations (administrators). */
export const invitationSchema = object({
  email: trimmedString(say(WORDS.inviteeMissing)).required(say(WORDS.inviteeMissing)).email(say(WORDS.invalidEmail)),
  role: mixed<Role>()
    .oneOf([...ROLES], say(WORDS.roleMissing))
    .required(say(WORDS.roleMissing)),
});
