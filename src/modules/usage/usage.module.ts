import { Module } from '@nestjs/common';
import { UsageResolver } from './graphql/usage.resolver.js';
import { UsageController } from './http/usage.controller.js';
import { DailyCapService } from './daily-cap.service.js';
import { UsageService } from './usage.service.js';

@Module({
  controllers: [UsageController],
  providers: [UsageService, DailyCapService, UsageResolver],
  exports: [UsageService, DailyCapService],
})
export class UsageModule {}
