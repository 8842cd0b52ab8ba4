/**
 * A collection's fields that visitors read under their own names (a field's `visitors`, its
 * description in the public API's document) and that no answer's schema names: the public answers
 * of the type carry them at run time, typed from the field (collection-props.ts), with no line of
 * their own in response-schemas.ts, as a field a test adds to a copy of the collections. A field
 * the browser reads is named in response-schemas.ts instead (collectionProps), from the same
 * collection: its type there is derived at compile time, which a list worked out at run time cannot
 * give.
 */
import type { Collection, Field } from '../gestao/collections/field-kit';
import type { Collections, RecordType } from '../gestao/collections';
import { propOf } from './collection-props';
import { sessionSchema } from './response-schemas';

/** The public answers that are a record of a type (by identity): where the type's visitor fields go. */
const ANSWERS_OF: Partial<Record<RecordType, readonly object[]>> = { sessions: [sessionSchema] };

/** A collection's visitor fields, in the form's order. */
export const visitorFields = (collection: Collection): [string, Field][] =>
  Object.entries(collection.fields).filter(([, f]) => f.visitors !== undefined);

type SchemaObject = { properties: Record<string, unknown>; required: readonly string[] };

/**
 * An answer's schema with the visitor fields of its type among its properties, each required; a
 * field the schema already names (from its collection, collectionProps) is there already.
 */
function withFields(schema: SchemaObject, fields: [string, Field][]): SchemaObject {
  const added = fields.filter(([name]) => !Object.hasOwn(schema.properties, name));
  return {
    ...schema,
    properties: { ...schema.properties, ...Object.fromEntries(added.map(([name, f]) => [name, propOf(f)])) },
    required: [...schema.required, ...added.map(([name]) => name)],
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
