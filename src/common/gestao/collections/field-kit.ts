/**
 * What a collection is made of: its fields, each with its label, its Yup rule, the value a new
 * record starts with, who may change it and how the form edits it; who may create a record; its
 * list page; what may not be removed before it. One module per content type (this folder) writes
 * these once; the forms, the server's validation and roles, the changelog and the programme's
 * spreadsheet read them, so a new field is one line in its collection (and its migration).
 *
 * The kinds below give a field its rule from its label, so each message names the field as the
 * form does ("Campo título é obrigatório.").
 */
// First, so that the rules below are built with Yup's messages in pt-PT.
import '../../forms/yup-locale';
import { array, mixed, number, object, string, type AnyObjectSchema, type AnySchema, type InferType } from 'yup';
import { SCOPES, type Scope } from '../../constants';
import { CLOCK_TIME } from '../../programme/venue-hours';
import { trimmedString } from '../../forms/trimmed-string';
import type { Role } from './staff-roles';
import { say, type MessageDescriptor } from '../gestao-words';
import { TRANSLATED_LOCALES, sourceColumn, translationColumn, type TranslatedLocale } from '../translations';

/** The rules' messages: each names the field by its label, as the form does. */
const RULES = {
  required: /*i18n*/ { id: 'gestao.field.required', message: 'Campo {label} é obrigatório.' },
  tooLong: /*i18n*/ { id: 'gestao.field.tooLong', message: 'Campo {label} não pode ter mais de {max} caracteres.' },
  notText: /*i18n*/ { id: 'gestao.field.notText', message: 'Campo {label} tem de ser texto.' },
  pdfMissing: /*i18n*/ { id: 'gestao.field.pdfMissing', message: 'Carregue o ficheiro PDF.' },
  yesOrNo: /*i18n*/ { id: 'gestao.field.yesOrNo', message: 'Campo {label} é sim ou não.' },
  wallTime: /*i18n*/ { id: 'gestao.field.wallTime', message: 'Campo {label}: data e hora inválidas.' },
  clockTime: /*i18n*/ { id: 'gestao.field.clockTime', message: 'Campo {label}: hora inválida (HH:MM).' },
  link: /*i18n*/ { id: 'gestao.field.link', message: 'Campo {label} tem de ser um endereço https:// ou começar por /.' },
  webLink: /*i18n*/ { id: 'gestao.field.webLink', message: 'Campo {label} tem de ser um endereço http:// ou https://.' },
  email: /*i18n*/ { id: 'gestao.field.email', message: 'Campo {label} tem de ser um endereço de e-mail.' },
  notNumber: /*i18n*/ { id: 'gestao.field.notNumber', message: 'Campo {label} tem de ser um número.' },
  notWhole: /*i18n*/ { id: 'gestao.field.notWhole', message: 'Campo {label} tem de ser um número inteiro.' },
  negative: /*i18n*/ { id: 'gestao.field.negative', message: 'Campo {label} não pode ser negativo.' },
  tooBig: /*i18n*/ { id: 'gestao.field.tooBig', message: 'Campo {label} é grande demais.' },
  scopeMissing: /*i18n*/ { id: 'gestao.field.scopeMissing', message: 'Escolha o âmbito.' },
  scopeFesta: /*i18n*/ { id: 'gestao.field.scope.festa', message: 'Festa do Cinema Italiano' },
  scopeDistrib: /*i18n*/ { id: 'gestao.field.scope.distrib', message: 'Distribuição' },
  badItem: /*i18n*/ { id: 'gestao.field.badItem', message: 'Campo {label}: {eachHas}.' },
  notList: /*i18n*/ { id: 'gestao.field.notList', message: 'Campo {label} tem de ser uma lista.' },
} satisfies Record<string, MessageDescriptor>;

/** An item of a list edited inside its record's form: a page's card, a past edition's film. */
export type ListItem = Record<string, string | number>;
/** What a field holds in a record's form and in the back office's API. */
export type FieldValue = string | number | null | ListItem[];

/** The largest whole number a column holds (PostgreSQL's integer): beyond it a value is refused here, not by the database. */
export const DB_INTEGER_MAX = 2_147_483_647;
/** Lisbon wall-clock time as the database keeps it: 2026-04-04T21:30. */
export const WALL_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;

export const required = (label: string) => say(RULES.required, { label });
export const tooLong = (label: string, max: number) => say(RULES.tooLong, { label, max });
const notText = (label: string) => say(RULES.notText, { label });
/** A rule's message that names its field: `Campo ${label} tem de ser um ano.` as a descriptor with {label}. */
export const sayOf = (descriptor: MessageDescriptor, label: string) => say(descriptor, { label });
/** Text of a field: anything else in a JSON body is refused as such, never cast or thrown on. */
export const textOf = (label: string) => string().typeError(notText(label)).nonNullable(notText(label));
export const trimmedOf = (label: string) => trimmedString(notText(label));

/** A collection's words are descriptors, said (in pt-PT) as the collection is built. */
export type Words = MessageDescriptor;

/**
 * How the form edits a field: a text box, a large one (HTML the server sanitizes, or plain text),
 * a checkbox, a number, a date and time, a date, a clock time, an e-mail address, a choice, a
 * picture or a PDF (uploaded in place), or a list of small records.
 */
export type FieldInput =
  | 'text'
  | 'long-text'
  | 'html'
  | 'flag'
  | 'number'
  | 'wall-time'
  | 'date'
  | 'clock-time'
  | 'email'
  | 'choice'
  | 'picture'
  | 'pdf'
  | 'list'
  /** Never shown as a field: the fingerprint of the pt-PT text a translation was made from (translations.ts). */
  | 'source';

export interface Choice {
  value: string | number;
  text: string;
}

/** The lists a choice is made from that the server gives (GET /gestao/api/options): other records. */
export type OptionList = 'cities' | 'venues' | 'sections' | 'movies' | 'pages' | 'sponsorGroups' | 'menuParents';

/**
 * What a field holds and how it is edited, whatever it is called: its rule is made from its label.
 * Its input is kept as written (`I`): the public API's types tell a flag from a number by it
 * (src/common/api/collection-props.ts).
 */
export interface FieldKind<S extends AnySchema = AnySchema, I extends FieldInput = FieldInput> {
  input: I;
  rule: (label: string) => S;
  /** The value a new record starts with, when neither the rule's default nor the first choice is it. */
  start?: FieldValue;
  /** A large text box's height, in lines. */
  rows?: number;
  /** A choice among fixed values, in the order offered. */
  choices?: readonly Choice[];
  /** A choice among records (the options the server gives). */
  optionsFrom?: OptionList;
  /** What choosing nothing means, where it is not "choose one" (a menu entry at the top). */
  emptyChoice?: string;
  /** The choice of 0, offered first: none (a card without a film, a menu entry without a page). */
  zeroChoice?: string;
  /** A list of small records edited inside the form. */
  list?: ListSpec;
  /** The most characters a text holds: a translation of the field is held to it too. */
  max?: number;
}

/** A field of a collection. */
export interface Field<S extends AnySchema = AnySchema, I extends FieldInput = FieldInput> extends Omit<FieldKind<S, I>, 'rule' | 'start'> {
  label: string;
  rule: S;
  /** Who may change it besides Administração (teams.ts). */
  roles: readonly Role[];
  start: FieldValue;
  /** Part of the record's key (a travel time's cities): chosen when it is created, never changed after. */
  key?: true;
  /**
   * What the public API's document says of it, when visitors read it under its own name in the
   * type's public answers, a flag as '0'/'1', a number, else text: named by an answer's schema
   * (src/common/api/response-schemas.ts), or else added to the answers of its type
   * (src/common/api/visitor-fields.ts, a session's).
   */
  visitors?: string;
  /** A sentence under the field, where its label alone could mislead (a news item's date is not its scheduling). */
  help?: string;
  /**
   * Words visitors read: pt-PT is the field itself (required where the field is), and the
   * collection adds its English and Italian beside it (`title_en`, `title_it`), each with the
   * fingerprint of the pt-PT text it was made from (`title_en_source`). See translations.ts.
   */
  localized?: true;
  /** A field the collection added for a localised one: its translation into `locale`, or that translation's source. */
  translation?: { of: string; locale: TranslatedLocale; part: 'text' | 'source' };
  /** A choice the type's list filters by, named in the list's address by this word (a film's section: `seccao`). */
  listFilter?: string;
}

/** A field of an item of a list (a page's card); without a label it is kept but not shown (an attachment's id). */
export interface ItemField<S extends AnySchema = AnySchema> extends Omit<FieldKind<S>, 'rule' | 'start' | 'list'> {
  label?: string;
  rule: S;
  start: FieldValue;
}

export interface ListSpec<I extends Record<string, ItemField> = Record<string, ItemField>> {
  items: I;
  /** "Cartão 1", "Acrescentar um cartão". */
  noun: string;
  article: 'um' | 'uma';
  /**
   * Where the items are kept: their table, the column naming their record, and the columns the
   * server works out beside the items' own (an attachment's type and size, the stored file's).
   */
  rowsIn: { table: string; parentColumn: string; serverColumns?: readonly string[] };
}

type Extras = Pick<Field, 'key' | 'help' | 'visitors' | 'localized' | 'listFilter'> & { start?: FieldValue };

const isTyped = (input: FieldInput) =>
  ['text', 'long-text', 'html', 'wall-time', 'date', 'clock-time', 'email', 'picture', 'pdf'].includes(input);

/** A new record's value: the one said, the rule's default, the first fixed choice, else empty. */
function startOf(kind: FieldKind, rule: AnySchema, start: FieldValue | undefined): FieldValue {
  if (start !== undefined) return start;
  if (kind.start !== undefined) return kind.start;
  const fallback = rule.getDefault() as FieldValue | undefined;
  if (fallback !== undefined) return fallback;
  if (kind.choices && !kind.emptyChoice) return kind.choices[0]!.value;
  return isTyped(kind.input) ? '' : null;
}

export function field<S extends AnySchema, I extends FieldInput, E extends Extras = Extras>(
  words: Words,
  roles: readonly Role[],
  kind: FieldKind<S, I>,
  extras: E = {} as E,
): Field<S, I> & Pick<E, 'localized'> {
  const { rule: makeRule, start: _start, ...rest } = kind;
  const label = say(words);
  const rule = makeRule(label);
  if (extras.localized && kind.max === undefined) throw new Error(`${label}: only text is translated`);
  return { ...rest, ...extras, label, roles, rule, start: startOf(kind, rule, extras.start) };
}

export function item<S extends AnySchema>(words: Words | undefined, kind: FieldKind<S>): ItemField<S> {
  const { rule: makeRule, start: _start, list: _list, ...rest } = kind;
  const label = words && say(words);
  const rule = makeRule(label ?? '');
  return { ...rest, ...(label === undefined ? {} : { label }), rule, start: startOf(kind, rule, undefined) };
}

/** A kind as written, its rule's type (the database's columns are typed from it) and its input kept. */
const kind = <S extends AnySchema, I extends FieldInput>(k: FieldKind<S, I>): FieldKind<S, I> => k;

// The kinds of field.

export const text = (max: number) =>
  kind({
    input: 'text',
    max,
    rule: (label) => textOf(label).default('').max(max, tooLong(label, max)),
  });
export const requiredText = (max: number) =>
  kind({
    input: 'text',
    max,
    rule: (label) => trimmedOf(label).required(required(label)).max(max, tooLong(label, max)),
  });
/** Plain text in a large box. */
export const longText = (max: number, rows = 6) => kind({ ...text(max), input: 'long-text', rows });
/** Editor HTML: the server sanitizes it; the form gives it a large box. */
export const html = (max: number) => kind({ ...text(max), input: 'html' });
export const requiredHtml = (max: number) => kind({ ...requiredText(max), input: 'html' });
/** A picture of the media folder or an uploaded one (its path). */
export const picture = kind({ ...text(300), input: 'picture' });
export const requiredPicture = kind({ ...requiredText(300), input: 'picture' });
/** A PDF uploaded in place (POST /gestao/api/media/pdfs): the name the upload gave, the file already stored under it. */
export const pdf = kind({
  input: 'pdf',
  rule: (label) => trimmedOf(label).required(say(RULES.pdfMissing)).max(300, tooLong(label, 300)),
});

/** Yes (1) or no (0). */
export const flag = kind({
  input: 'flag',
  rule: (label) =>
    number().default(0).oneOf([0, 1], sayOf(RULES.yesOrNo, label)).typeError(sayOf(RULES.yesOrNo, label)).required(required(label)),
});

/** Another record, chosen from a list: `choose` is the message that asks for it ("Escolha a secção."). */
export const ref = (from: OptionList, choose: Words) =>
  kind({
    input: 'choice',
    optionsFrom: from,
    rule: () => {
      const message = say(choose);
      return number().typeError(message).integer(message).positive(message).max(DB_INTEGER_MAX, message).required(message);
    },
  });

/** Lisbon wall-clock date and time (2026-04-04T21:30). */
export const wallTime = kind({
  input: 'wall-time',
  rule: (label) => textOf(label).required(required(label)).matches(WALL_TIME, sayOf(RULES.wallTime, label)),
});

/** HH:MM, `fallback` when not given. */
export const clockTime = (fallback: string) =>
  kind({
    input: 'clock-time',
    rule: (label) => textOf(label).default(fallback).matches(CLOCK_TIME, sayOf(RULES.clockTime, label)),
  });

/** An address of another site (https://…) or a path of this one (/…). */
export const link = kind({
  input: 'text',
  rule: (label) =>
    textOf(label)
      .default('')
      .test(
        'link',
        sayOf(RULES.link, label),
        // A path of this site starts with one slash: "//host/x" (and "/\host/x", read alike by browsers) is another site.
        (v) => !v || /^(https?:\/\/[^\s]+|\/(?![/\\])[^\s]*)$/.test(v),
      ),
});

/** An address of another site only (a social network's page). */
export const webLink = kind({
  input: 'text',
  rule: (label) =>
    trimmedOf(label)
      .default('')
      .max(300, tooLong(label, 300))
      .test('web', sayOf(RULES.webLink, label), (v) => !v || /^https?:\/\/[^\s]+$/.test(v)),
});

const emailOf = (label: string) => trimmedOf(label).default('').max(200, tooLong(label, 200)).email(sayOf(RULES.email, label));
export const email = kind({ input: 'email', rule: emailOf });
export const requiredEmail = kind({ input: 'email', rule: (label) => emailOf(label).required(required(label)) });

/** A place in a list (0 first). */
export const position = kind({
  input: 'number',
  start: 0,
  rule: (label) =>
    number()
      .typeError(sayOf(RULES.notNumber, label))
      .integer(sayOf(RULES.notWhole, label))
      .min(0, sayOf(RULES.negative, label))
      .max(DB_INTEGER_MAX, sayOf(RULES.tooBig, label))
      .required(required(label)),
});

/** The festival (festa) or the distribution label (distrib). */
export const scope = kind({
  input: 'choice',
  choices: [
    { value: 'festa', text: say(RULES.scopeFesta) },
    { value: 'distrib', text: say(RULES.scopeDistrib) },
  ],
  rule: () =>
    mixed<Scope>()
      .oneOf([...SCOPES], say(RULES.scopeMissing))
      .required(say(RULES.scopeMissing)),
});

/**
 * A list of small records edited inside the form (a page's cards), kept in order: `eachHas` says
 * what an item is made of when one is not a record.
 */
export function list<I extends Record<string, ItemField>>(spec: ListSpec<I> & { max: number; tooMany: Words; eachHas: Words }) {
  const { items, noun, article, rowsIn, max, tooMany, eachHas } = spec;
  const itemRule = object(Object.fromEntries(Object.entries(items).map(([name, f]) => [name, f.rule])) as { [K in keyof I]: I[K]['rule'] });
  return kind({
    input: 'list',
    list: { items, noun, article, rowsIn },
    rule: (label) =>
      array()
        .of(itemRule.typeError(say(RULES.badItem, { label, eachHas: say(eachHas) })))
        .typeError(sayOf(RULES.notList, label))
        .default([])
        .max(max, say(tooMany)),
  });
}

/**
 * What points at a record, so that it cannot be removed before them: `type` is another content
 * type (index.ts checks the name, the one place that knows the list).
 */
export interface Dependant {
  type: string;
  columns: readonly string[];
  message: (n: number) => string;
  /**
   * The owner's list filtered by where and when its dependants happen (a film by its sessions'
   * cities and days): the dependant's venue and wall-clock start, and the words of the address.
   */
  listFilters?: { city: { param: string; venueField: string }; day: { param: string; timeField: string } };
}

export interface CollectionSpec<F extends Record<string, Field> = Record<string, Field>> {
  /** In the form's order. */
  fields: F;
  /** Who may add or remove a record (besides Administração; none: not even Administração). */
  createRoles: readonly Role[];
  /**
   * The back office's list of the type: its address under /gestao, its heading, its "Novo" link,
   * its menu entry if shorter. None: edited inside another record's screen (a film's sessions).
   */
  page?: { path: string; title: string; newLabel: string; menuLabel?: string };
  /** What a record with pictures is called in a message ("a notícia «Abertura»"). */
  noun?: string;
  dependants?: readonly Dependant[];
  /** Its records as rows of a spreadsheet, by the columns' headers in the file's order (the programme's sessions). */
  sheet?: Readonly<Record<string, SheetColumnSpec>>;
}

/** A column of a collection's spreadsheet: its header is its key. */
export interface SheetColumnSpec {
  /** What the import screen calls it. */
  label: string;
  /** The field it is read into (a refusal of the field is said of the column), if any. */
  field?: string;
  /** An XLSX holds it as a date or a time cell (a CSV has text only). */
  cell?: 'date' | 'time';
  /** A file must have it. */
  required?: true;
  /** Other headers a file may use for it, besides its own (compared without accents or case). */
  aliases: readonly string[];
}

export interface Collection<F extends Record<string, Field> = Record<string, Field>> extends CollectionSpec<F> {
  /** Every field's rule in one schema: the form validates with it, and the server every write. */
  schema: AnyObjectSchema;
}

/** A localised field's names: `title` gives `title_en`, `title_en_source`, `title_it`, `title_it_source`. */
type LocalizedNames<F> = { [K in keyof F]: F[K] extends { localized: true } ? K : never }[keyof F] & string;
type TranslationField = Field<ReturnType<typeof textOf>, FieldInput>;
export type TranslationFields<F> = {
  [K in LocalizedNames<F> as `${K}_${TranslatedLocale}` | `${K}_${TranslatedLocale}_source`]: TranslationField;
};
/** The columns a collection's translations add to its table (a later migration's, so optional on insert). */
export type TranslationColumnNames<C extends Collection> = keyof TranslationFields<C['fields']>;

/** A localised field's translation into one language: optional, held to the field's length, edited alike. */
function translationOf(name: string, f: Field, locale: TranslatedLocale): [string, Field][] {
  const label = `${f.label} (${locale.toUpperCase()})`;
  const max = f.max!;
  const text: Field = {
    input: f.input,
    ...(f.rows === undefined ? {} : { rows: f.rows }),
    max,
    label,
    roles: f.roles,
    rule: textOf(label).default('').max(max, tooLong(label, max)),
    start: '',
    translation: { of: name, locale, part: 'text' },
  };
  const source: Field = {
    input: 'source',
    label,
    roles: f.roles,
    rule: textOf(label).default('').max(16, tooLong(label, 16)),
    start: '',
    translation: { of: name, locale, part: 'source' },
  };
  return [
    [translationColumn(name, locale), text],
    [sourceColumn(name, locale), source],
  ];
}

/** The fields as written, each localised one followed by its translations. */
function withTranslations(fields: Record<string, Field>): Record<string, Field> {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([name, f]) => [
      [name, f] as const,
      ...(f.localized ? TRANSLATED_LOCALES.flatMap((locale) => translationOf(name, f, locale)) : []),
    ]),
  );
}

export function collection<F extends Record<string, Field>>(spec: CollectionSpec<F>): Collection<F & TranslationFields<F>> {
  const fields = withTranslations(spec.fields) as F & TranslationFields<F>;
  return { ...spec, fields, schema: object(Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.rule]))) };
}

/** A record's first values: every field's start. */
export const blankOf = (collection: Collection): Record<string, FieldValue> =>
  Object.fromEntries(Object.entries(collection.fields).map(([name, f]) => [name, structuredStart(f.start)]));

/** A list's new item. */
export const blankItemOf = (spec: ListSpec): ListItem =>
  Object.fromEntries(Object.entries(spec.items).map(([name, f]) => [name, f.start as string | number]));

/** A start that is a list is a new one each time: two forms never share it. */
const structuredStart = (start: FieldValue): FieldValue => (Array.isArray(start) ? [...start] : start);

/** A value as the database holds it: a choice among texts is text, among numbers a number. */
type Widen<T> = T extends string ? string : T extends number ? number : T;

/** A collection's fields as its table's columns hold them (a list is rows of another table). */
export type CollectionColumns<C extends Collection> = {
  [K in keyof C['fields'] as InferType<C['fields'][K]['rule']> extends readonly unknown[] ? never : K]: Widen<
    InferType<C['fields'][K]['rule']>
  >;
};

/** The columns of a list field's items, for the table that keeps them (a page's cards). */
export type ListColumns<F> = { [K in keyof ListItemOf<F>]: Widen<ListItemOf<F>[K]> };
type ListItemOf<F> = F extends Field ? (InferType<F['rule']> extends readonly (infer I)[] ? I : never) : never;
