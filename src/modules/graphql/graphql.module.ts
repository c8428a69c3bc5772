import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { Module } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ROOT_LOGGER } from '../../core.module.js';
import { RequestAuthenticator } from '../auth/request-authenticator.service.js';
import { AuthModule } from '../auth/auth.module.js';
import { GraphiqlAssets } from './explorer/graphiql-assets.js';
import { graphqlOptions } from './graphql-options.js';

/**
 * The GraphQL server at /graphql. The schema is code-first and assembled from the resolvers the
 * feature modules register beside their controllers (modules/<feature>/graphql/).
 */
@Module({
  imports: [
    GraphQLModule.forRootAsync<ApolloDriverConfig>({
      driver: ApolloDriver,
      imports: [AuthModule],
      inject: [APP_CONFIG, ROOT_LOGGER, RequestAuthenticator],
      // NODE_ENV only decides where the schema file goes; GRAPHQL_EXPLORER decides introspection.
      useFactory: (config: AppConfig, logger: Logger, authenticator: RequestAuthenticator) =>
        graphqlOptions({ config, logger, authenticator, nodeEnv: process.env.NODE_ENV }),
    }),
  ],
  providers: [GraphiqlAssets],
})
export class GraphqlModule {}
