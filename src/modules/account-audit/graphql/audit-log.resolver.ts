import { Args, Query, Resolver } from '@nestjs/graphql';
import { CurrentCaller, RequireProduct, RequireRole } from '../../auth/auth.decorators.js';
import type { Caller } from '../../auth/caller.js';
import { AccountAudit } from '../account-audit.service.js';
import { AuditLogArgs, toAuditLogFilters } from './audit-log.args.js';
import { AuditLogConnectionModel, toAuditLogConnection } from './audit-log.model.js';

/** The account's audit log, for its admins and owners (decisions section 15). */
@Resolver(() => AuditLogConnectionModel)
@RequireProduct('either')
export class AuditLogResolver {
  constructor(private readonly audit: AccountAudit) {}

  @Query(() => AuditLogConnectionModel, {
    name: 'auditLog',
    description: 'Every change a user or an API key made to the account, newest first.',
  })
  @RequireRole('admin')
  async auditLog(
    @CurrentCaller() caller: Caller,
    @Args() args: AuditLogArgs,
  ): Promise<AuditLogConnectionModel> {
    return toAuditLogConnection(await this.audit.page(caller, toAuditLogFilters(args)));
  }
}
