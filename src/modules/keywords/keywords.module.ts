import { Module } from '@nestjs/common';
import { KeywordsController } from './http/keywords.controller.js';
import { KeywordsService } from './keywords.service.js';

@Module({
  controllers: [KeywordsController],
  providers: [KeywordsService],
  exports: [KeywordsService],
})
export class KeywordsModule {}
