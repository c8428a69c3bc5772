import { Module } from '@nestjs/common';
import { AccountAudit } from './account-audit.service.js';
import { AccountAuditStore } from './account-audit.store.js';

/**
 * The account's audit log (decisions section 15): each module that changes an account's
 * settings imports it and records its changes here, in its own transaction.
 */
@Module({
  providers: [AccountAuditStore, AccountAudit],
  exports: [AccountAuditStore, AccountAudit],
})
export class AccountAuditModule {}
