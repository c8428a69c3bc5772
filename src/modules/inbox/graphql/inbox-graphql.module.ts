import { Module } from '@nestjs/common';
import { InboxModule } from '../inbox.module.js';
import { InboxResolver } from './inbox.resolver.js';
import { SearchesResolver } from './searches.resolver.js';

/** The App inbox over GraphQL: imported by the API's root only, so the CLI never loads GraphQL. */
@Module({
  imports: [InboxModule],
  providers: [InboxResolver, SearchesResolver],
})
export class InboxGraphqlModule {}
