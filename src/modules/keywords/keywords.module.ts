import { Module } from '@nestjs/common';
import { KeywordsController } from './http/keywords.controller.js';
import { KeywordStore } from './keyword.store.js';
import { KeywordsService } from './keywords.service.js';

@Module({
  controllers: [KeywordsController],
  providers: [KeywordStore, KeywordsService],
  exports: [KeywordStore, KeywordsService],
})
export class KeywordsModule {}
