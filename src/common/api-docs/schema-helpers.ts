import type { Type } from '@nestjs/common';
import { getSchemaPath, type ReferenceObject, type SchemaObject } from '@nestjs/swagger';

export type Schema = SchemaObject | ReferenceObject;

export const ref = (model: Type<unknown> | string): ReferenceObject => ({
  $ref: getSchemaPath(model),
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
