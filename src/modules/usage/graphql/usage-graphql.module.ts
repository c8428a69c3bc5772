import { Module } from '@nestjs/common';
import { UsageModule } from '../usage.module.js';
import { UsageResolver } from './usage.resolver.js';

/** Usage over GraphQL: imported by the API's root only, so the CLI never loads GraphQL. */
@Module({
  imports: [UsageModule],
  providers: [UsageResolver],
})
export class UsageGraphqlModule {}
