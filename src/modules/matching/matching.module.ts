import { Module } from '@nestjs/common';
import { MetricsModule } from '../metrics/metrics.module.js';
import { LiveKeywordMatcher } from './live-keyword-matcher.service.js';

@Module({
  imports: [MetricsModule],
  providers: [LiveKeywordMatcher],
  exports: [LiveKeywordMatcher],
})
export class MatchingModule {}
