/**
 * What an editor has typed in a record's form and not saved yet: kept every few seconds in the
 * browser (IndexedDB) and on the server (per person), so a reload, a crash, a dropped connection
 * or another device loses nothing. Shared by the form and PUT /gestao/api/typed/:type/:id.
 */
import { number, object } from 'yup';

/** Where the record is new, its copy is kept under this id until the server gives it one. */
export const NEW_RECORD_ID = 'novo';

/** A copy bigger than this is a mistake, not typing: the longest seed text is under 20 KB. */
export const TYPED_COPY_MAX_CHARS = 200_000;

/** How often the form keeps what changed. */
export const TYPED_COPY_EVERY_MS = 2_000;

export interface TypedCopy {
  fields: Record<string, string | number | null>;
  /** The version of the record the typing started from (0 for a new record). */
  baseVersion: number;
  savedAt: string;
}

export const typedCopySchema = object({
  fields: object().required('Envie os campos escritos.'),
  baseVersion: number()
    .integer('A versão é um número inteiro.')
    .min(0, 'A versão é um número inteiro.')
    .required('Indique a versão de partida.'),
});
