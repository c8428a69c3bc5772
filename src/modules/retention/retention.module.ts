import { AccountAuditModule } from '../account-audit/account-audit.module.js';
import { Module } from '@nestjs/common';
import { AlertsModule } from '../alerts/alerts.module.js';
import { IngestionModule } from '../ingestion/ingestion.module.js';
import { AuditModule } from '../ops/audit/audit.module.js';
import { OperationSamplesModule } from '../ops/figures/operation-samples.module.js';
import { UsageModule } from '../usage/usage.module.js';
import { UsersModule } from '../users/users.module.js';
import { MailHourlyCountsPruner } from './mail-hourly-counts.pruner.js';
import { RetentionScheduler } from './retention.scheduler.js';
import { RetentionService } from './retention.service.js';

/**
 * Deletes alerts (and operator audit entries) past the history window, ingestion bookkeeping past
 * its own, ended sessions.
 */
@Module({
  imports: [
    IngestionModule,
    AlertsModule,
    UsageModule,
    UsersModule,
    AuditModule,
    AccountAuditModule,
    OperationSamplesModule,
  ],
  providers: [RetentionService, RetentionScheduler, MailHourlyCountsPruner],
  exports: [RetentionService],
})
export class RetentionModule {}
