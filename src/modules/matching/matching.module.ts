import { Module } from '@nestjs/common';
import { LiveKeywordMatcher } from './live-keyword-matcher.service.js';

@Module({
  providers: [LiveKeywordMatcher],
  exports: [LiveKeywordMatcher],
})
export class MatchingModule {}
