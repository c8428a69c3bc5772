import { Module } from '@nestjs/common';
import { IngestionModule } from '../ingestion/ingestion.module.js';
import { AuditModule } from '../ops/audit/audit.module.js';
import { OperationSamplesModule } from '../ops/figures/operation-samples.module.js';
import { UsersModule } from '../users/users.module.js';
import { RetentionScheduler } from './retention.scheduler.js';
import { RetentionService } from './retention.service.js';

/**
 * Deletes alerts (and operator audit entries) past the history window, ingestion bookkeeping past
 * its own, ended sessions.
 */
@Module({
  imports: [IngestionModule, UsersModule, AuditModule, OperationSamplesModule],
  providers: [RetentionService, RetentionScheduler],
  exports: [RetentionService],
})
export class RetentionModule {}
