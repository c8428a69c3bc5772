import { Injectable } from '@nestjs/common';
import { AppError } from '../../../common/errors/app-error.js';
import { isoWithMillis } from '../../../common/time/timestamps.js';
import type { OperatorCaller } from '../../auth/caller.js';
import type { AccountEntity } from '../../accounts/account.entity.js';
import type { ApiKeyEntity } from '../../accounts/api-key.entity.js';
import {
  AccountsService,
  type AccountChange,
  type CreatedAccount,
  type NewAccount,
} from '../../accounts/accounts.service.js';
import { UsersService, type IssuedPassword } from '../../users/users.service.js';
import { AuditLog, changedFields, type AuditActor } from '../audit/audit-log.service.js';

/**
 * The operator actions of the Accounts page (issue #26). Each reuses the accounts' and users'
 * own services and writes one audit entry in the transaction of the change: the changed fields
 * before and after, never a key, a hash or a password.
 */
@Injectable()
export class OpsAccountActions {
  constructor(
    private readonly accounts: AccountsService,
    private readonly users: UsersService,
    private readonly audit: AuditLog,
  ) {}

  /** A new account and its first key, shown once (as `admin create-account`). */
  async createAccount(operator: OperatorCaller, input: NewAccount): Promise<CreatedAccount> {
    const actor = await this.actorOf(operator);
    return this.accounts.createAccount(input, (manager, { account, key }) =>
      this.audit.record(manager, actor, {
        action: 'create_account',
        accountId: account.id,
        target: accountTarget(account),
        before: null,
        after: {
          name: account.name,
          product: account.product,
          plan: account.plan,
          status: account.status,
          apiKeyPrefix: key.keyPrefix,
        },
      }),
    );
  }

  /** A new plan and/or status; a change that changes nothing is not audited. */
  async changeAccount(
    operator: OperatorCaller,
    accountId: string,
    change: AccountChange,
  ): Promise<AccountEntity> {
    if (change.plan === undefined && change.status === undefined) {
      throw AppError.invalidBody('give a plan and/or a status');
    }
    const actor = await this.actorOf(operator);
    return this.accounts.updateAccount(accountId, change, async (manager, { before, after }) => {
      const changed = changedFields(
        { plan: before.plan, status: before.status },
        { plan: after.plan, status: after.status },
      );
      if (changed) {
        await this.audit.record(manager, actor, {
          action: 'change_account',
          accountId,
          target: accountTarget(after),
          ...changed,
        });
      }
    });
  }

  /**
   * A user of the account, with a generated password shown once (as `admin create-user`): an
   * owner, as that command makes by default; the account's admins change roles on their Team page.
   */
  async addUser(
    operator: OperatorCaller,
    accountId: string,
    email: string,
  ): Promise<IssuedPassword> {
    const actor = await this.actorOf(operator);
    return this.users.createUser(accountId, email, 'owner', (manager, user) =>
      this.audit.record(manager, actor, {
        action: 'add_user',
        accountId,
        target: `user ${user.email}`,
        before: null,
        after: { userId: user.id, email: user.email },
      }),
    );
  }

  /** A new generated password for one of the account's users, shown once; their sessions end. */
  async resetPassword(
    operator: OperatorCaller,
    accountId: string,
    userId: string,
  ): Promise<IssuedPassword> {
    const actor = await this.actorOf(operator);
    return this.users.resetPasswordOf(userId, async (manager, { before, after }) => {
      // Rolls the reset back: an operator resets the users of the account they look at only.
      if (after.accountId !== accountId) throw AppError.notFound('User');
      await this.audit.record(manager, actor, {
        action: 'reset_password',
        accountId,
        target: `user ${after.email}`,
        before: { passwordChangedAt: isoWithMillis(before.passwordChangedAt) },
        after: { passwordChangedAt: isoWithMillis(after.passwordChangedAt) },
      });
    });
  }

  /** Ends one of the account's keys at once; revoking a revoked key changes and audits nothing. */
  async revokeKey(
    operator: OperatorCaller,
    accountId: string,
    keyId: string,
  ): Promise<ApiKeyEntity> {
    const actor = await this.actorOf(operator);
    return this.accounts.revokeKey(keyId, accountId, (manager, key) =>
      this.audit.record(manager, actor, {
        action: 'revoke_api_key',
        accountId,
        target: `key ${key.keyPrefix}`,
        before: { revokedAt: null },
        after: { revokedAt: isoWithMillis(key.revokedAt!) },
      }),
    );
  }

  private async actorOf(operator: OperatorCaller): Promise<AuditActor> {
    const user = await this.users.findById(operator.userId);
    if (!user) throw AppError.notFound('Operator');
    return { operatorId: user.id, operatorEmail: user.email };
  }
}

function accountTarget(account: AccountEntity): string {
  return account.name === '' ? `account ${account.id}` : `account ${account.name}`;
}
