import { Module } from '@nestjs/common';
import { UsageModule } from '../usage.module.js';
import { KeywordStatsResolver } from './keyword-stats.resolver.js';
import { KeywordUsageLoader } from './keyword-usage.loader.js';
import { UsageResolver } from './usage.resolver.js';

/** Usage over GraphQL: imported by the API's root only, so the CLI never loads GraphQL. */
@Module({
  imports: [UsageModule],
  providers: [UsageResolver, KeywordStatsResolver, KeywordUsageLoader],
})
export class UsageGraphqlModule {}
