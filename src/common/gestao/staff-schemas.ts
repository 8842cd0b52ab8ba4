/**
 * The back office's account forms, one Yup schema each: Formik validates the form with it, and the
 * API's document (GET /gestao/api/openapi.json) describes the request body with the same schema.
 */
// First, so that the schemas below are built with Yup's messages in pt-PT.
import '../forms/yup-locale';
import { mixed, object, string } from 'yup';
import { trimmedString } from '../forms/trimmed-string';
import { ROLES, type Role } from './roles';

/** POST /gestao/api/session. `code`: the two-step login's six digits, once the server asks for it. */
export const loginSchema = object({
  email: trimmedString('Escreva o seu email.').required('Escreva o seu email.'),
  password: string().required('Escreva a sua palavra-passe.'),
  code: string(),
});

/** POST /gestao/api/invitations (administrators). */
export const invitationSchema = object({
  email: trimmedString('Escreva o email da pessoa.').required('Escreva o email da pessoa.').email('Endereço de email inválido.'),
  role: mixed<Role>()
    .oneOf([...ROLES], 'Escolha o perfil.')
    .required('Escolha o perfil.'),
});
