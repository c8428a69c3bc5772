import type { SchemaObject } from '@nestjs/swagger';
import type { Schema } from '../../common/api-docs/schema-helpers.js';

const COMPOSITIONS = ['oneOf', 'anyOf', 'allOf'] as const;

const described = (schema: Schema): Schema =>
  '$ref' in schema ? schema : describeDefaults(schema);

function defaultInDescription(property: Schema): Schema {
  if ('$ref' in property || !('default' in property)) return property;
  const { default: value, ...schema } = property;
  const sentence = `Default: ${JSON.stringify(value)}.`;
  return { ...schema, description: [schema.description, sentence].filter(Boolean).join(' ') };
}

/**
 * `schema` with the `default` of every property that may be left out (one its object does not
 * require, at any depth) said in the property's description instead ("Default: true."). Code
 * generators read a component schema's `default` as "always present" (openapi-typescript makes
 * such a property required): true of an answer, whose fields are all required, but not of a
 * request, where the server fills in a field left out. So shapes declare `default` as JSON Schema
 * has it, and the document publishes it this way.
 */
export function describeDefaults(schema: SchemaObject): SchemaObject {
  const result: SchemaObject = { ...schema };
  const { properties, required = [], items } = schema;
  if (properties !== undefined) {
    result.properties = Object.fromEntries(
      Object.entries(properties).map(([name, property]) => {
        const inner = described(property);
        return [name, required.includes(name) ? inner : defaultInDescription(inner)];
      }),
    );
  }
  if (items !== undefined) result.items = described(items);
  for (const composition of COMPOSITIONS) {
    const branches = schema[composition];
    if (branches !== undefined) result[composition] = branches.map(described);
  }
  return result;
}
