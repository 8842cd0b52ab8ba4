/**
 * What an editor has typed in a record's form and not saved yet: kept every few seconds in the
 * browser (IndexedDB) and on the server (per person), so a reload, a crash, a dropped connection
 * or another device loses nothing. Shared by the form and PUT /gestao/api/typed/:type/:id.
 */
// First, so that the schemas below are built with Yup's messages in pt-PT.
import '../forms/yup-locale';
import { number, object } from 'yup';
import { say } from './gestao-words';
import { DB_INTEGER_MAX, type RecordFields } from './record-schemas';

const WORDS = {
  fieldsMissing: /*i18n*/ { id: 'gestao.typed.fieldsMissing', message: 'Envie os campos escritos.' },
  versionMissing: /*i18n*/ { id: 'gestao.typed.versionMissing', message: 'Indique a versão de partida.' },
  versionNotWhole: /*i18n*/ { id: 'gestao.typed.versionNotWhole', message: 'A versão é um número inteiro.' },
};

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
  fields: object().typeError(say(WORDS.fieldsMissing)).required(say(WORDS.fieldsMissing)),
  baseVersion: number()
    .typeError(say(WORDS.versionMissing))
    .integer(say(WORDS.versionNotWhole))
    .min(0, say(WORDS.versionNotWhole))
    .max(DB_INTEGER_MAX, say(WORDS.versionNotWhole))
    .required(say(WORDS.versionMissing)),
});
