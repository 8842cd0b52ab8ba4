/**
 * What an editor has typed in a record's form and not saved yet: kept every few seconds in the
 * browser (IndexedDB) and on the server (per person), so a reload, a crash, a dropped connection
 * or another device loses nothing. Shared by the form and PUT /gestao/api/typed/:type/:id.
 */
// First, so that the schemas below are built with Yup's messages in pt-PT.
import '../forms/yup-locale';
import { number, object } from 'yup';
import { DB_INTEGER_MAX, type RecordFields } from './record-schemas';

/** Where the record is new, its copy is kept under this id until the server gives it one. */
export const NEW_RECORD_ID = 'novo';

/** A copy bigger than this is a mistake, not typing: the longest seed text is under 20 KB. */
export const TYPED_COPY_MAX_CHARS = 200_000;

/** How often the form keeps what changed. */
export const TYPED_COPY_EVERY_MS = 2_000;

export interface TypedCopy {
  fields: RecordFields;
  /** The version of the record the typing started from (0 for a new record). */
  baseVersion: number;
  savedAt: string;
}

export const typedCopySchema = object({
  fields: object().typeError('Envie os campos escritos.').required('Envie os campos escritos.'),
  baseVersion: number()
    .typeError('Indique a versão de partida.')
    .integer('A versão é um número inteiro.')
    .min(0, 'A versão é um número inteiro.')
    .max(DB_INTEGER_MAX, 'A versão é um número inteiro.')
    .required('Indique a versão de partida.'),
});
