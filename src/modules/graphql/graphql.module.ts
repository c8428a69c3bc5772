import { ApolloDriver, type ApolloDriverConfig } from '@nestjs/apollo';
import { Module } from '@nestjs/common';
import { GraphQLModule } from '@nestjs/graphql';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ROOT_LOGGER } from '../../core.module.js';
import { RequestAuthenticator } from '../auth/request-authenticator.service.js';
import { AlertsModule } from '../alerts/alerts.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { KeywordsModule } from '../keywords/keywords.module.js';
import { UsageModule } from '../usage/usage.module.js';
import { WebhooksModule } from '../webhooks/webhooks.module.js';
import { AlertsResolver } from './alerts/alerts.resolver.js';
import { GraphiqlAssets } from './explorer/graphiql-assets.js';
import { graphqlOptions } from './graphql-options.js';
import { KeywordLoader } from './keywords/keyword.loader.js';
import { KeywordsResolver } from './keywords/keywords.resolver.js';
import { UsageResolver } from './usage/usage.resolver.js';
import { WebhooksResolver } from './webhooks/webhooks.resolver.js';

/** The code-first GraphQL facade at /graphql: the REST modules' services behind other shapes. */
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
    KeywordsModule,
    WebhooksModule,
    AlertsModule,
    UsageModule,
  ],
  providers: [
    KeywordsResolver,
    WebhooksResolver,
    AlertsResolver,
    UsageResolver,
    KeywordLoader,
    GraphiqlAssets,
  ],
})
export class GraphqlModule {}
