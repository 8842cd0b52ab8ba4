/** The form that names a new passkey, shared by "A minha conta" (Formik) and the server. */
import { object, string } from 'yup';

export const PASSKEY_NAME_MAX = 60;

export const passkeyNameSchema = object({
  name: string()
    .trim()
    .required('Dê um nome à chave de acesso (por exemplo, «Portátil do escritório»).')
    .max(PASSKEY_NAME_MAX, `O nome tem no máximo ${PASSKEY_NAME_MAX} caracteres.`),
});
