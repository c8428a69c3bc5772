import { Module } from '@nestjs/common';
import { AccountAuditModule } from '../account-audit.module.js';
import { AuditLogResolver } from './audit-log.resolver.js';

/** The account's audit log over GraphQL: imported by the API's root only. */
@Module({ imports: [AccountAuditModule], providers: [AuditLogResolver] })
export class AuditLogGraphqlModule {}
