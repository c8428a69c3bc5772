import { Module } from '@nestjs/common';
import { KeywordsModule } from '../keywords.module.js';
import { KeywordLoader } from './keyword.loader.js';
import { KeywordsResolver } from './keywords.resolver.js';

/** Keywords over GraphQL: imported by the API's root only, so the CLI never loads GraphQL. */
@Module({
  imports: [KeywordsModule],
  providers: [KeywordsResolver, KeywordLoader],
  exports: [KeywordLoader],
})
export class KeywordsGraphqlModule {}
