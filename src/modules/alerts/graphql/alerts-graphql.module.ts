import { Module } from '@nestjs/common';
import { KeywordsGraphqlModule } from '../../keywords/graphql/keywords-graphql.module.js';
import { AlertsModule } from '../alerts.module.js';
import { AlertsResolver } from './alerts.resolver.js';

/** Alerts over GraphQL: imported by the API's root only, so the CLI never loads GraphQL. */
@Module({
  imports: [AlertsModule, KeywordsGraphqlModule],
  providers: [AlertsResolver],
})
export class AlertsGraphqlModule {}
