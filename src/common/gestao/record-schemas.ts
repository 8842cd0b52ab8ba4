/**
 * The back office's records as the forms, the API and the server share them: the tables derived
 * from the collections (collections/, one module per content type), the shapes a record travels
 * in, and the messages every side gives alike. The labels name the fields in the forms, the
 * conflict view and the changelog; every type's schema validates its form and every write.
 */
import type { AnyObjectSchema } from 'yup';
import { collectionOf, fieldOf, recordFields } from './collections';
import { DB_INTEGER_MAX, WALL_TIME, type FieldValue } from './collections/field-kit';
import { RECORD_TYPES, type RecordType } from './collections';
import { say } from './gestao-words';

export { DB_INTEGER_MAX, WALL_TIME, recordFields };
export type { FieldValue, ListItem } from './collections/field-kit';

const byType = <T>(of: (type: RecordType) => T): Record<RecordType, T> =>
  Object.fromEntries(RECORD_TYPES.map((type) => [type, of(type)])) as Record<RecordType, T>;

/** Each type's field labels, in the form's order. */
export const FIELD_LABELS: Record<RecordType, Record<string, string>> = byType((type) =>
  Object.fromEntries(Object.entries(collectionOf(type).fields).map(([name, f]) => [name, f.label])),
);

/** Each type's Yup schema: Formik validates the form with it and the server every write. */
export const RECORD_SCHEMAS: Record<RecordType, AnyObjectSchema> = byType((type) => collectionOf(type).schema);

/** A field that holds HTML: the server sanitizes it, the form gives it a large text box. */
export const isHtmlField = (type: RecordType, name: string): boolean => fieldOf(type, name)?.input === 'html';

/** A card of a custom page, edited inside the page's form. */
export type CardFields = {
  movie_id: number;
  thumb: string;
  title: string;
  description: string;
};
export type RecordFields = Record<string, FieldValue>;

/** Why a key field (a travel time's cities, a past edition's year) is never changed: the form says it beside the field, the server on a write. */
export const KEY_CHANGE_MESSAGE = say(
  /*i18n*/ { id: 'gestao.record.keyChange', message: 'Não se muda: apague este registo e crie outro.' },
);

/** A scalar field as text (a list of cards has none): for names, addresses and filters. */
export const fieldText = (value: FieldValue | undefined): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** A record as the back office reads it: the live row or its draft, and the version a write must name. */
export interface RecordView {
  type: RecordType;
  id: string;
  fields: RecordFields;
  version: number;
  /** 'publicado' (as visitors see it), 'alterado' (a draft changes it), 'novo', 'apagado' (a draft removes it). */
  state: 'publicado' | 'alterado' | 'novo' | 'apagado';
}

/** What the record forms choose from (GET /gestao/api/options): sections, venues with their city, works (drafts included). */
export interface RecordOptions {
  cities: { id: number; name: string }[];
  sponsorGroups: { id: number; name: string }[];
  sections: { id: number; name: string }[];
  venues: { id: number; name: string; city: string; cityId: number }[];
  movies: { id: number; title: string; isMovie: boolean }[];
  pages: { id: number; title: string }[];
  /** Menu entries that may hold others (top level), by scope and place. */
  menuParents: { id: number; title: string; scope: string; location: string }[];
}

/** A saved version of a record, as its history lists it: who, when, which fields, and the fields then. */
export interface RecordVersion {
  version: number;
  at: string;
  actorEmail: string;
  changedFields: string[];
  releaseNumber: number | null;
  /** null: the version removed the record. */
  fields: RecordFields | null;
}
