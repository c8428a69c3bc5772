import { Module } from '@nestjs/common';
import { AuditLog } from './audit-log.service.js';
import { AuditStore } from './audit.store.js';

/** The operator console's audit log: written with each operator action, pruned like alerts. */
@Module({
  providers: [AuditStore, AuditLog],
  exports: [AuditStore, AuditLog],
})
export class AuditModule {}
