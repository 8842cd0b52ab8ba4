/**
 * A collection's fields that visitors read under their own names (a field's `visitors`, its
 * description in the public API's document): the public answers of the type carry them, typed from
 * the field, with no line of their own in response-schemas.ts. The spec's older names and shapes
 * (ismovie, mm, a session's status) stay written there: the browser's types are derived from those
 * literals, which a list worked out at run time cannot give.
 */
import type { JSONSchema } from 'json-schema-to-ts';
import type { Collection, Field } from '../gestao/collections/field-kit';
import type { Collections, RecordType } from '../gestao/collections';
import { sessionSchema } from './response-schemas';

/** A visitor field's value in an answer: a flag is '0' or '1' (as every flag of the spec), a number a number, else text. */
export type VisitorValue = string | number;

/** The public answers that are a record of a type (by identity): where the type's visitor fields go. */
const ANSWERS_OF: Partial<Record<RecordType, readonly object[]>> = { sessions: [sessionSchema] };

/** A collection's visitor fields, in the form's order. */
export const visitorFields = (collection: Collection): [string, Field][] =>
  Object.entries(collection.fields).filter(([, f]) => f.visitors !== undefined);

function visitorSchema(f: Field): JSONSchema {
  const description = f.visitors;
  if (f.input === 'flag') return { type: 'string', enum: ['0', '1'], description };
  if (f.input === 'number' || f.rule.type === 'number') return { type: 'integer', description };
  return { type: 'string', description };
}

/** A stored value as visitors read it. */
export function visitorValue(f: Field, stored: unknown): VisitorValue {
  if (f.input === 'flag') return Number(stored) === 1 ? '1' : '0';
  if (f.input === 'number' || f.rule.type === 'number') return Number(stored ?? 0);
  return typeof stored === 'string' || typeof stored === 'number' ? String(stored) : '';
}

type SchemaObject = { properties: Record<string, unknown>; required: readonly string[] };

/** An answer's schema with the visitor fields of its type among its properties, each required. */
function withFields(schema: SchemaObject, fields: [string, Field][]): SchemaObject {
  return {
    ...schema,
    properties: { ...schema.properties, ...Object.fromEntries(fields.map(([name, f]) => [name, visitorSchema(f)])) },
    required: [...schema.required, ...fields.map(([name]) => name)],
  };
}

/**
 * The public API's document as these collections have it: every answer that is a record of a type
 * (found by identity in the document's tree) carries that type's visitor fields.
 */
export function withVisitorFields<D>(document: D, collections: Collections): D {
  const replaced = new Map<object, SchemaObject>();
  for (const [type, answers] of Object.entries(ANSWERS_OF) as [RecordType, readonly object[]][]) {
    const fields = visitorFields(collections[type]);
    if (fields.length === 0) continue;
    for (const answer of answers) replaced.set(answer, withFields(answer as SchemaObject, fields));
  }
  if (replaced.size === 0) return document;
  const walk = (node: unknown): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    const own = replaced.get(node);
    if (own) return own;
    if (Array.isArray(node)) return node.map(walk);
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value)]));
  };
  return walk(document) as D;
}
