import { Module } from '@nestjs/common';
import { UsageController } from './http/usage.controller.js';
import { DailyCapService } from './daily-cap.service.js';
import { UsageService } from './usage.service.js';

@Module({
  controllers: [UsageController],
  providers: [UsageService, DailyCapService],
  exports: [UsageService, DailyCapService],
})
export class UsageModule {}
