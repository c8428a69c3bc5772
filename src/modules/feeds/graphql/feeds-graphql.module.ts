import { Module } from '@nestjs/common';
import { FeedsModule } from '../feeds.module.js';
import { FeedsResolver } from './feeds.resolver.js';

/** Feed token management over GraphQL: imported by the API's root only, so the CLI never loads GraphQL. */
@Module({
  imports: [FeedsModule],
  providers: [FeedsResolver],
})
export class FeedsGraphqlModule {}
