import { Module } from '@nestjs/common';
import { UsageController } from './http/usage.controller.js';
import { DailyCapService } from './daily-cap.service.js';
import { UsageHistoryService } from './usage-history.service.js';
import { UsageService } from './usage.service.js';

@Module({
  controllers: [UsageController],
  providers: [UsageService, UsageHistoryService, DailyCapService],
  exports: [UsageService, UsageHistoryService, DailyCapService],
})
export class UsageModule {}
