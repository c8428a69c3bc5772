import { readFileSync } from 'node:fs';
import {
  buildSchema,
  extendSchema,
  isObjectType,
  Kind,
  parse,
  printSchema,
  type DefinitionNode,
} from 'graphql';

/**
 * schema.gql, with what pending-schema.graphql declares and schema.gql does not have yet: the
 * dashboard's contract fields of a server branch not merged here. Whatever schema.gql has wins,
 * so merging that branch changes nothing here and the file can go.
 */
export function schemaWithPending(schemaFile: string, pendingFile: string): string {
  const schema = buildSchema(readFileSync(schemaFile, 'utf8'));
  const missing = (definition: DefinitionNode): DefinitionNode | null => {
    if (definition.kind === Kind.OBJECT_TYPE_EXTENSION) {
      const type = schema.getType(definition.name.value);
      const present = isObjectType(type) ? type.getFields() : {};
      const fields = definition.fields?.filter((field) => !(field.name.value in present)) ?? [];
      return fields.length === 0 ? null : { ...definition, fields };
    }
    if ('name' in definition && definition.name && schema.getType(definition.name.value)) {
      return null;
    }
    return definition;
  };
  const pending = parse(readFileSync(pendingFile, 'utf8'));
  const definitions = pending.definitions.map(missing).filter((definition) => definition !== null);
  return printSchema(extendSchema(schema, { ...pending, definitions }));
}
