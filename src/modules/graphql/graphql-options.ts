import type { ApolloDriverConfig } from '@nestjs/apollo';
import type { Logger } from 'pino';
import { newId } from '../../common/ids.js';
import type { AppConfig } from '../../config/app-config.js';
import type { RequestAuthenticator } from '../auth/request-authenticator.service.js';
import { graphqlContextFactory } from './common/graphql-context.js';
import { graphqlErrorFormatter } from './errors/graphql-error.formatter.js';
import { refusalStatusPlugin } from './errors/refusal-status.plugin.js';
import { graphiqlLandingPage } from './explorer/graphiql-page.js';
import { nulFreeStringsRule } from './limits/nul-free-strings.rule.js';
import { OPERATION_PARSE_OPTIONS } from './limits/operation-limits.js';
import { OperationLimitGate } from './limits/operation-limit-gate.js';
import { supportedOperationsRule } from './limits/supported-operations.rule.js';
import { schemaFileTarget } from './schema-file.js';

export const GRAPHQL_PATH = '/graphql';

export interface GraphqlDependencies {
  config: AppConfig;
  logger: Logger;
  authenticator: RequestAuthenticator;
  nodeEnv: string | undefined;
}

export function graphqlOptions({
  config,
  logger,
  authenticator,
  nodeEnv,
}: GraphqlDependencies): Omit<ApolloDriverConfig, 'driver'> {
  const limits = new OperationLimitGate();
  return {
    path: GRAPHQL_PATH,
    autoSchemaFile: schemaFileTarget(nodeEnv),
    sortSchema: true,
    buildSchemaOptions: { addNewlineAtEnd: true },
    context: graphqlContextFactory(authenticator, limits),
    // Introspection and GraphiQL show the whole schema: only when the operator asks for them.
    introspection: config.graphqlExplorer,
    // Nest's own GraphiQL page loads from a CDN; ours (graphiqlLandingPage) is served locally.
    graphiql: false,
    parseOptions: OPERATION_PARSE_OPTIONS,
    validationRules: [supportedOperationsRule, nulFreeStringsRule],
    // The formatter and the plugin below own error bodies and statuses; Nest's variants would fight them.
    autoTransformHttpErrors: false,
    preserveHttpStatusForExecutionErrors: false,
    includeStacktraceInErrorResponses: false,
    persistedQueries: false,
    // Apollo's default, kept on: a POST whose type a form or a plain fetch can send (text/plain,
    // a form encoding) without a preflight header is refused before the context runs.
    csrfPrevention: true,
    formatError: graphqlErrorFormatter((error, path) => {
      const errorId = newId();
      logger.error({ err: error, errorId, path }, 'unexpected GraphQL failure');
      return errorId;
    }),
    plugins: [
      limits.plugin,
      refusalStatusPlugin,
      ...(config.graphqlExplorer ? [graphiqlLandingPage(GRAPHQL_PATH)] : []),
    ],
  };
}
