/**
 * A collection's field as visitors read it under its own name: its JSON Schema in the public API's
 * document and its value in an answer, both from the field (its input and its Yup rule), so that a
 * field is typed and described once, in its collection. A flag is '0' or '1' (as every flag of the
 * spec), a number an integer, anything else text; the description is the field's `visitors` text
 * (sanitized HTML says so by itself).
 *
 * Two uses: response-schemas.ts lists, by name, the fields each answer copies from its collection
 * (collectionProps), and the public repositories read and map the same list (publicValues); and
 * visitor-fields.ts adds at run time the fields a collection marks `visitors` and no answer names.
 * The types here mirror the run-time choice, so that the types derived from the schemas
 * (api-types.ts) stay as precise as a hand-written schema.
 */
import type { InferType } from 'yup';
import type { Collection, Field } from '../gestao/collections/field-kit';

const HTML = 'HTML já limpo no servidor.';

// Descriptions are plain values (undefined when absent, dropped by JSON), as in response-schemas.ts.
type FlagProp = { readonly type: 'string'; readonly enum: readonly ['0', '1']; readonly description: string | undefined };
type IntegerProp = { readonly type: 'integer'; readonly description: string | undefined };
type TextProp = { readonly type: 'string'; readonly description: string | undefined };

/** A field holds a number (none, for a film's empty duration, is 0 to visitors). */
type HoldsNumber<F extends Field> = F['input'] extends 'number'
  ? true
  : [Exclude<InferType<F['rule']>, null | undefined>] extends [number]
    ? true
    : false;

/** A field's schema in the public API, by type. */
export type PropOf<F extends Field> = F['input'] extends 'flag' ? FlagProp : HoldsNumber<F> extends true ? IntegerProp : TextProp;
/** A field's value in a public answer, by type. */
export type PublicValueOf<F extends Field> = F['input'] extends 'flag' ? '0' | '1' : HoldsNumber<F> extends true ? number : string;

/** A visitor field's value in an answer, whatever the field. */
export type VisitorValue = string | number;

const isNumber = (f: Field) => f.input === 'number' || f.rule.type === 'number';

/** A field's schema in the public API's document. */
export function propOf(f: Field): FlagProp | IntegerProp | TextProp {
  const description = f.visitors ?? (f.input === 'html' ? HTML : undefined);
  if (f.input === 'flag') return { type: 'string', enum: ['0', '1'], description };
  if (isNumber(f)) return { type: 'integer', description };
  return { type: 'string', description };
}

/** A stored value as visitors read it. */
export function visitorValue(f: Field, stored: unknown): VisitorValue {
  if (f.input === 'flag') return Number(stored) === 1 ? '1' : '0';
  if (isNumber(f)) return Number(stored ?? 0);
  return typeof stored === 'string' || typeof stored === 'number' ? String(stored) : '';
}

/** The names of some of a collection's fields, written as a list `as const`. */
type Names<F> = readonly (keyof F & string)[];

/** The public API's properties of these fields of a collection: an answer's schema spreads them among its own. */
export function collectionProps<F extends Record<string, Field>, const N extends Names<F>>(
  collection: Collection<F>,
  names: N,
): { [K in N[number]]: PropOf<F[K]> } {
  return Object.fromEntries(names.map((name) => [name, propOf(collection.fields[name]!)])) as { [K in N[number]]: PropOf<F[K]> };
}

/** These fields' values in a public answer, from a row that holds their columns. */
export function publicValues<F extends Record<string, Field>, const N extends Names<F>>(
  collection: Collection<F>,
  names: N,
  row: { readonly [K in N[number]]: unknown },
): { [K in N[number]]: PublicValueOf<F[K]> } {
  return Object.fromEntries(names.map((name) => [name, visitorValue(collection.fields[name]!, row[name])])) as {
    [K in N[number]]: PublicValueOf<F[K]>;
  };
}
