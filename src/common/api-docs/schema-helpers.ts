import type { ReferenceObject, SchemaObject } from '@nestjs/swagger';

export type Schema = SchemaObject | ReferenceObject;

export const ref = (name: string): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });

/** OpenAPI 3.1 (JSON Schema 2020-12) spells "or null" as a second type. */
export const orNull = (type: string, description?: string): SchemaObject => ({
  type: [type, 'null'],
  ...(description === undefined ? {} : { description }),
});

export const timestamp = (description = 'ISO 8601 timestamp with offset.'): SchemaObject => ({
  type: 'string',
  format: 'date-time',
  description,
});

/** An object whose listed properties are all present, in this order, and nothing else. */
export function exactObject(
  properties: Record<string, Schema>,
  optional: readonly string[] = [],
): SchemaObject {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties).filter((name) => !optional.includes(name)),
    additionalProperties: false,
  };
}

/** `{ data: <schema> }`, the spec's wrapper of single results. */
export const wrapped = (schema: Schema): SchemaObject => exactObject({ data: schema });
