/**
 * A new password's length, and the forms that set one (the invitation, the reset link, "A minha conta"), one Yup
 * schema each: Formik validates the form with it, the server the request body, and the API's
 * document describes the body with it. Only the length is checked here: whether the password is
 * breached, common or made of the site's words is the server's to say (server/gestao/auth/passwords.ts,
 * whose lists stay out of every page), and its reason is shown under the field.
 */
import { object, string } from 'yup';

/** ASVS 5.0 6.2.1 recommends 15; NIST SP 800-63B likewise for a password used alone. */
export const MIN_PASSWORD_LENGTH = 15;
/** Longer passwords are refused before hashing, so that nobody makes the server hash megabytes (ASVS asks for at least 64). */
export const MAX_PASSWORD_LENGTH = 256;

export const PASSWORD_TOO_SHORT = `A palavra-passe tem de ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`;
export const PASSWORD_TOO_LONG = `A palavra-passe pode ter no máximo ${MAX_PASSWORD_LENGTH} caracteres.`;

const NOT_TEXT = 'A palavra-passe tem de ser texto.';

/** A password being chosen: its length only (the rest is the server's). */
export const newPasswordField = (required: string) =>
  string()
    .typeError(NOT_TEXT)
    .required(required)
    .test('min-length', PASSWORD_TOO_SHORT, (value) => value === undefined || [...value].length >= MIN_PASSWORD_LENGTH)
    .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG);

/** POST /gestao/api/account/password: the current password (it counts as the password again) and the new one. */
export const passwordChangeSchema = object({
  currentPassword: string().typeError(NOT_TEXT).required('Escreva a palavra-passe atual.').max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
  newPassword: newPasswordField('Escolha a palavra-passe nova.'),
});

/** POST /gestao/api/invitations/:token: the new person's first password. */
export const invitationAcceptSchema = object({
  password: newPasswordField('Escolha uma palavra-passe.'),
});

/** POST /gestao/api/password-resets/:token: the new password chosen from a reset link. */
export const passwordResetSchema = object({
  password: newPasswordField('Escolha a palavra-passe nova.'),
});

/** PUT /gestao/api/account/email: one's own new address (after the password again). */
export const emailChangeSchema = object({
  email: string()
    .typeError('O e-mail tem de ser texto.')
    .required('Escreva o e-mail novo.')
    .max(254, 'Indique um endereço de e-mail válido (por exemplo, nome@exemplo.pt).')
    .email('Indique um endereço de e-mail válido (por exemplo, nome@exemplo.pt).'),
});
