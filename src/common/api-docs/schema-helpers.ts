import type { Type } from '@nestjs/common';
import { getSchemaPath, type ReferenceObject, type SchemaObject } from '@nestjs/swagger';

export type Schema = SchemaObject | ReferenceObject;

export const ref = (model: Type<unknown> | string): ReferenceObject => ({
  $ref: getSchemaPath(model),
});

/**
 * A request field the server fills in when it is left out. The default is said in the description
 * rather than as `default`: code generators read a component schema's `default` as "always
 * present" (openapi-typescript makes such a property required), true of answers, not of requests.
 */
export const defaultsTo = (schema: SchemaObject, value: unknown): SchemaObject => ({
  ...schema,
  description: [schema.description, `Default: ${JSON.stringify(value)}.`].filter(Boolean).join(' '),
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
