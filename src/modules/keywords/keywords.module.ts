import { Module } from '@nestjs/common';
import { AccountAuditModule } from '../account-audit/account-audit.module.js';
import { KeywordsController } from './http/keywords.controller.js';
import { KeywordCreationSinks } from './keyword-creation-sinks.js';
import { KeywordStore } from './keyword.store.js';
import { KeywordsService } from './keywords.service.js';

@Module({
  imports: [AccountAuditModule],
  controllers: [KeywordsController],
  providers: [KeywordStore, KeywordsService, KeywordCreationSinks],
  exports: [KeywordStore, KeywordsService, KeywordCreationSinks],
})
export class KeywordsModule {}
