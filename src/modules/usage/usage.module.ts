import { Module } from '@nestjs/common';
import { UsageController } from './http/usage.controller.js';
import { UsageStore } from './usage.store.js';
import { UsageHistoryService } from './usage-history.service.js';
import { UsageService } from './usage.service.js';

@Module({
  controllers: [UsageController],
  providers: [UsageService, UsageHistoryService, UsageStore],
  exports: [UsageService, UsageHistoryService, UsageStore],
})
export class UsageModule {}
