import type { ApolloDriverConfig } from '@nestjs/apollo';
import type { Logger } from 'pino';
import { newId } from '../../common/ids.js';
import { createGraphqlContext } from './common/graphql-context.js';
import { graphqlErrorFormatter } from './errors/graphql-error.formatter.js';
import { refusalStatusPlugin } from './errors/refusal-status.plugin.js';
import { graphiqlLandingPage } from './explorer/graphiql-page.js';
import { schemaFileTarget } from './schema-file.js';

const GRAPHQL_PATH = '/graphql';

/** Introspection and the GraphiQL page at GET /graphql: Apollo's own switch, outside production. */
export function graphqlExplorerEnabled(nodeEnv: string | undefined): boolean {
  return nodeEnv !== 'production';
}

export function graphqlOptions(
  logger: Logger,
  nodeEnv: string | undefined,
): Omit<ApolloDriverConfig, 'driver'> {
  const explorer = graphqlExplorerEnabled(nodeEnv);
  return {
    path: GRAPHQL_PATH,
    introspection: explorer,
    // Nest's own GraphiQL page loads from a CDN; ours (graphiqlLandingPage) is served locally.
    graphiql: false,
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
    plugins: [refusalStatusPlugin, ...(explorer ? [graphiqlLandingPage(GRAPHQL_PATH)] : [])],
  };
}
