/**
 * A new password's length, and the forms that set one (the invitation, the reset link, "A minha conta"), one Yup
 * schema each: Formik validates the form with it, the server the request body, and the API's
 * document describes the body with it. Only the length is checked here: whether the password is
 * breached, common or made of the site's words is the server's to say (server/gestao/auth/passwords.ts,
 * whose lists stay out of every page), and its reason is shown under the field.
 */
import { object, string } from 'yup';
import { say } from './gestao-words';

/** ASVS 5.0 6.2.1 recommends 15; NIST SP 800-63B likewise for a password used alone. */
export const MIN_PASSWORD_LENGTH = 15;
/** Longer passwords are refused before hashing, so that nobody makes the server hash megabytes (ASVS asks for at least 64). */
export const MAX_PASSWORD_LENGTH = 256;

export const PASSWORD_TOO_SHORT = say(
  /*i18n*/ { id: 'gestao.password.tooShort', message: 'A palavra-passe tem de ter pelo menos {min} caracteres.' },
  { min: MIN_PASSWORD_LENGTH },
);
export const PASSWORD_TOO_LONG = say(
  /*i18n*/ { id: 'gestao.password.tooLong', message: 'A palavra-passe pode ter no máximo {max} caracteres.' },
  { max: MAX_PASSWORD_LENGTH },
);

const NOT_TEXT = say(/*i18n*/ { id: 'gestao.password.notText', message: 'A palavra-passe tem de ser texto.' });

const WORDS = {
  currentMissing: /*i18n*/ { id: 'gestao.password.currentMissing', message: 'Escreva a palavra-passe atual.' },
  newMissing: /*i18n*/ { id: 'gestao.password.newMissing', message: 'Escolha a palavra-passe nova.' },
  firstMissing: /*i18n*/ { id: 'gestao.password.firstMissing', message: 'Escolha uma palavra-passe.' },
  emailNotText: /*i18n*/ { id: 'gestao.accountEmail.notText', message: 'O e-mail tem de ser texto.' },
  emailMissing: /*i18n*/ { id: 'gestao.accountEmail.missing', message: 'Escreva o e-mail novo.' },
  emailInvalid: /*i18n*/ {
    id: 'gestao.accountEmail.invalid',
    message: 'Indique um endereço de e-mail válido (por exemplo, nome@exemplo.pt).',
  },
};

/** A password being chosen: its length only (the rest is the server's). */
export const newPasswordField = (required: string) =>
  string()
    .typeError(NOT_TEXT)
    .required(required)
    .test('min-length', PASSWORD_TOO_SHORT, (value) => value === undefined || [...value].length >= MIN_PASSWORD_LENGTH)
    .max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG);

/** POST /gestao/api/account/password: the current password (it counts as the password again) and the new one. */
export const passwordChangeSchema = object({
  currentPassword: string().typeError(NOT_TEXT).required(say(WORDS.currentMissing)).max(MAX_PASSWORD_LENGTH, PASSWORD_TOO_LONG),
  newPassword: newPasswordField(say(WORDS.newMissing)),
});

/** POST /gestao/api/invitations/:token: the new person's first password. */
export const invitationAcceptSchema = object({
  password: newPasswordField(say(WORDS.firstMissing)),
});

/** POST /gestao/api/password-resets/:token: the new password chosen from a reset link. */
export const passwordResetSchema = object({
  password: newPasswordField(say(WORDS.newMissing)),
});

/** PUT /gestao/api/account/email: one's own new address (after the password again). */
export const emailChangeSchema = object({
  email: string()
    .typeError(say(WORDS.emailNotText))
    .required(say(WORDS.emailMissing))
    .max(254, say(WORDS.emailInvalid))
    .email(say(WORDS.emailInvalid)),
});
