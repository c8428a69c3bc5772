import { GRAPHQL_SDL_FILE_END, GRAPHQL_SDL_FILE_HEADER } from '@nestjs/graphql';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { join } from 'node:path';

export const SCHEMA_FILE_NAME = 'schema.gql';

/**
 * Where Nest writes the generated schema: the repository root in development. Tests keep it in
 * memory so they check the committed file instead of rewriting it, and production images are
 * read-only.
 */
export function schemaFileTarget(nodeEnv: string | undefined): string | true {
  return nodeEnv === 'production' || nodeEnv === 'test'
    ? true
    : join(process.cwd(), SCHEMA_FILE_NAME);
}

/** Exactly what Nest writes for this schema with sortSchema and addNewlineAtEnd. */
export function schemaFileContent(schema: GraphQLSchema): string {
  return (
    GRAPHQL_SDL_FILE_HEADER + printSchema(lexicographicSortSchema(schema)) + GRAPHQL_SDL_FILE_END
  );
}
