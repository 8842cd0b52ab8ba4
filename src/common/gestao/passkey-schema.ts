/** The form that names a new passkey, shared by "A minha conta" (Formik) and the server. */
// First, so that the schemas below are built with Yup's messages in pt-PT.
import '../forms/yup-locale';
import { object } from 'yup';
import { trimmedString } from '../forms/trimmed-string';

export const PASSKEY_NAME_MAX = 60;

export const passkeyNameSchema = object({
  name: trimmedString('O nome da chave de acesso tem de ser texto.')
    .required('Dê um nome à chave de acesso (por exemplo, «Portátil do escritório»).')
    .max(PASSKEY_NAME_MAX, `O nome tem no máximo ${PASSKEY_NAME_MAX} caracteres.`),
});
