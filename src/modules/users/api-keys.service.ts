import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { AccountAudit } from '../account-audit/account-audit.service.js';
import type { ApiKeyEntity } from '../accounts/api-key.entity.js';
import { AccountsService, type KeyTerms } from '../accounts/accounts.service.js';
import type { Caller } from '../auth/caller.js';
import { isoWithMillisOrNull } from '../../common/time/timestamps.js';

/** The dashboard's API keys: made and revoked by the account's admins, each change audited. */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly accounts: AccountsService,
    private readonly audit: AccountAudit,
  ) {}

  /** The key as stored, and the key itself, shown once (never in the audit log). */
  create(caller: Caller, terms: KeyTerms): Promise<{ key: ApiKeyEntity; apiKey: string }> {
    return this.accounts.createKey(caller.accountId, terms, (manager, key) =>
      this.recordKey(manager, caller, 'api_key.created', key),
    );
  }

  revoke(caller: Caller, keyId: string): Promise<ApiKeyEntity> {
    return this.accounts.revokeKey(keyId, caller.accountId, (manager, key) =>
      this.recordKey(manager, caller, 'api_key.revoked', key),
    );
  }

  private recordKey(
    manager: EntityManager,
    caller: Caller,
    action: 'api_key.created' | 'api_key.revoked',
    key: ApiKeyEntity,
  ): Promise<void> {
    const created = action === 'api_key.created';
    return this.audit.record(manager, caller, {
      action,
      resourceType: 'api_key',
      resourceId: key.id,
      before: created ? null : { prefix: key.keyPrefix, revoked: false },
      after: created
        ? { prefix: key.keyPrefix, scope: key.scope, expiresAt: isoWithMillisOrNull(key.expiresAt) }
        : { prefix: key.keyPrefix, revoked: true },
    });
  }
}
