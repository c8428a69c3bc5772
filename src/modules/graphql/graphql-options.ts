import type { ApolloDriverConfig } from '@nestjs/apollo';
import type { Logger } from 'pino';
import { newId } from '../../common/ids.js';
import { createGraphqlContext } from './common/graphql-context.js';
import { graphqlErrorFormatter } from './errors/graphql-error.formatter.js';
import { refusalStatusPlugin } from './errors/refusal-status.plugin.js';
import { schemaFileTarget } from './schema-file.js';

const GRAPHQL_PATH = '/graphql';

export function graphqlOptions(
  logger: Logger,
  nodeEnv: string | undefined,
): Omit<ApolloDriverConfig, 'driver'> {
  return {
    path: GRAPHQL_PATH,
    autoSchemaFile: schemaFileTarget(nodeEnv),
    sortSchema: true,
    buildSchemaOptions: { addNewlineAtEnd: true },
    context: createGraphqlContext,
    // The formatter and the plugin below own error bodies and statuses; Nest's variants would fight them.
    autoTransformHttpErrors: false,
    preserveHttpStatusForExecutionErrors: false,
    includeStacktraceInErrorResponses: false,
    persistedQueries: false,
    formatError: graphqlErrorFormatter((error, path) => {
      const errorId = newId();
      logger.error({ err: error, errorId, path }, 'unexpected GraphQL failure');
      return errorId;
    }),
    plugins: [refusalStatusPlugin],
  };
}
