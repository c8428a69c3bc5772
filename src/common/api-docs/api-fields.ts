import {
  ApiProperty,
  ApiPropertyOptional,
  type ApiPropertyOptions,
  type SchemaObject,
} from '@nestjs/swagger';

// Options keep their key order (type first) in the generated schema, as the document shows.

export const ApiId = (description: string) => ApiProperty({ type: 'string', description });

export const ApiFlag = (description: string) => ApiProperty({ type: 'boolean', description });

export const ApiCount = (description: string) =>
  ApiProperty({ type: 'integer', minimum: 0, description });

export const ApiTimestamp = (description = 'ISO 8601 timestamp with offset.') =>
  ApiProperty({ type: 'string', format: 'date-time', description });

/** A field that may be null: OpenAPI 3.1's `type: [x, "null"]`, which some generators need to keep the property. */
export const ApiNullable = (
  type: 'string' | 'integer' | 'number',
  description?: string,
  options: Omit<ApiPropertyOptions, 'type'> = {},
) =>
  ApiProperty({
    type,
    nullable: true,
    ...(description === undefined ? {} : { description }),
    ...options,
  } as ApiPropertyOptions);

export const ApiText = (options: Omit<ApiPropertyOptions, 'type'> = {}) =>
  ApiProperty({ type: 'string', ...options } as ApiPropertyOptions);

export const ApiField = (schema: SchemaObject) => ApiProperty(schema as ApiPropertyOptions);

export const ApiOptionalField = (schema: SchemaObject) =>
  ApiPropertyOptional(schema as ApiPropertyOptions);

/**
 * The properties of a class from one ordered table, for shapes that share a run of fields in the
 * middle (the alert bodies). Use it instead of property decorators, not beside them: class
 * decorators run last, so these would follow any decorated property.
 */
export const ApiFields =
  (fields: Record<string, SchemaObject>, optional: readonly string[] = []): ClassDecorator =>
  (target) => {
    for (const [name, schema] of Object.entries(fields)) {
      const field = optional.includes(name) ? ApiOptionalField : ApiField;
      field(schema)(target.prototype as object, name);
    }
  };
