/**
 * Turns a Yup schema's description into JSON Schema, so the OpenAPI document is generated from
 * the very schemas the routes validate with.
 */
import type { AnySchema, SchemaDescription, SchemaFieldDescription } from 'yup';

export type JsonSchema = Record<string, unknown>;

function isDescription(field: SchemaFieldDescription): field is SchemaDescription {
  return 'tests' in field;
}

function describeToJsonSchema(description: SchemaFieldDescription): JsonSchema {
  if (!isDescription(description)) return {};
  const schema: JsonSchema = {};
  if (description.type === 'object' && 'fields' in description) {
    const fields = (description as SchemaDescription & { fields: Record<string, SchemaFieldDescription> }).fields;
    schema.type = 'object';
    schema.properties = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, describeToJsonSchema(v)]));
    const required = Object.entries(fields)
      .filter(([, v]) => isDescription(v) && !v.optional)
      .map(([k]) => k);
    if (required.length) schema.required = required;
    return schema;
  }
  schema.type = description.type === 'mixed' ? undefined : description.type;
  const inner = (description as { innerType?: SchemaFieldDescription }).innerType;
  if (description.type === 'array' && inner) schema.items = describeToJsonSchema(inner);
  const sized = { string: ['minLength', 'maxLength'], array: ['minItems', 'maxItems'] }[description.type] ?? ['minimum', 'maximum'];
  for (const test of description.tests) {
    const params = (test.params ?? {}) as Record<string, unknown>;
    switch (test.name) {
      case 'min':
        schema[sized[0]!] = params.min;
        // moreThan (positive) is a test named min too, with `more`.
        if (params.more !== undefined) schema.exclusiveMinimum = params.more;
        break;
      case 'max':
        schema[sized[1]!] = params.max;
        if (params.less !== undefined) schema.exclusiveMaximum = params.less;
        break;
      case 'matches': {
        const regex = params.regex as RegExp | undefined;
        if (regex) schema.pattern = regex.source;
        break;
      }
      case 'integer':
        schema.type = 'integer';
        break;
      case 'email':
        schema.format = 'email';
        break;
      case 'required':
        if (description.type === 'string') schema.minLength = Math.max(Number(schema.minLength ?? 0), 1);
        break;
    }
  }
  // null is a value of its own in JSON Schema: a nullable number is ['number', 'null'].
  if (description.nullable && typeof schema.type === 'string') schema.type = [schema.type, 'null'];
  if (description.oneOf.length) schema.enum = description.oneOf.filter((v) => v !== undefined);
  if (description.label) schema.title = description.label;
  const meta = description.meta as { description?: string; example?: unknown } | undefined;
  if (meta?.description) schema.description = meta.description;
  if (meta?.example !== undefined) schema.example = meta.example;
  return Object.fromEntries(Object.entries(schema).filter(([, v]) => v !== undefined));
}

export function toJsonSchema(schema: AnySchema): JsonSchema {
  return describeToJsonSchema(schema.describe());
}
