import { Module } from '@nestjs/common';
import { KeywordLoader } from './graphql/keyword.loader.js';
import { KeywordsResolver } from './graphql/keywords.resolver.js';
import { KeywordsController } from './http/keywords.controller.js';
import { KeywordsService } from './keywords.service.js';

@Module({
  controllers: [KeywordsController],
  providers: [KeywordsService, KeywordsResolver, KeywordLoader],
  exports: [KeywordsService, KeywordLoader],
})
export class KeywordsModule {}
