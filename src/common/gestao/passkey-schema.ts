/** The form that names a new passkey, shared by "A minha conta" (Formik) and the server. */
// First, so that the schemas below are built with Yup's messages in pt-PT.
import '../forms/yup-locale';
import { object } from 'yup';
import { trimmedString } from '../forms/trimmed-string';
import { say } from './gestao-words';

export const PASSKEY_NAME_MAX = 60;

export const passkeyNameSchema = object({
  name: trimmedString(say(/*i18n*/ { id: 'gestao.passkey.nameNotText', message: 'O nome da chave de acesso tem de ser texto.' }))
    .required(
      say(/*i18n*/ { id: 'gestao.passkey.nameMissing', message: 'Dê um nome à chave de acesso (por exemplo, «Portátil do escritório»).' }),
    )
    .max(
      PASSKEY_NAME_MAX,
      say(/*i18n*/ { id: 'gestao.passkey.nameTooLong', message: 'O nome tem no máximo {max} caracteres.' }, { max: PASSKEY_NAME_MAX }),
    ),
});
