import { Injectable } from '@nestjs/common';
import { AppError } from '../../../common/errors/app-error.js';
import { Clock } from '../../../common/time/clock.js';
import { utcDay } from '../../../common/time/timestamps.js';
import { planLimits } from '../../../config/plans.js';
import type { AccountEntity } from '../../accounts/account.entity.js';
import { AccountStore } from '../../accounts/account.store.js';
import type { ApiKeyEntity } from '../../accounts/api-key.entity.js';
import { AccountsService } from '../../accounts/accounts.service.js';
import type { KeywordEntity } from '../../keywords/keyword.entity.js';
import { KeywordStore } from '../../keywords/keyword.store.js';
import { USAGE_HISTORY_DEFAULT_DAYS, type UsageDay } from '../../usage/usage-history.js';
import { UsageHistoryService } from '../../usage/usage-history.service.js';
import { UsageStore } from '../../usage/usage.store.js';
import type { UserEntity } from '../../users/user.entity.js';
import { hasUserWithEmailLike } from '../../users/user.store.js';
import { UsersService } from '../../users/users.service.js';
import type { WebhookEntity } from '../../webhooks/webhook.entity.js';
import { WebhookStore } from '../../webhooks/webhook.store.js';
import type { AuditEntryEntity } from '../audit/audit-entry.entity.js';
import { AuditLog } from '../audit/audit-log.service.js';

export const OPS_ACCOUNTS_DEFAULT_LIMIT = 50;
export const OPS_ACCOUNTS_MAX_LIMIT = 200;

/** An account's figures on the Accounts page; missing rows count zero. */
export interface AccountFigures {
  /** Active, not deleted: what the plan's keyword limit counts. */
  activeKeywords: number;
  /** Today's (UTC) matches the daily cap let through, and those it held back. */
  alertsToday: number;
  cappedToday: number;
  webhooks: number;
  /** Webhooks whose latest deliveries failed (consecutive failures > 0). */
  failingWebhooks: number;
}

/** An account with its figures, as the Accounts page lists it. */
export interface AccountSummary {
  account: AccountEntity;
  figures: AccountFigures;
}

/** What the operator console reads of accounts (issue #26): read-only, never a secret. */
@Injectable()
export class OpsAccountsService {
  constructor(
    private readonly accountStore: AccountStore,
    private readonly keywords: KeywordStore,
    private readonly webhooks: WebhookStore,
    private readonly usageCounts: UsageStore,
    private readonly accounts: AccountsService,
    private readonly users: UsersService,
    private readonly usage: UsageHistoryService,
    private readonly audit: AuditLog,
    private readonly clock: Clock,
  ) {}

  /**
   * Accounts matching `term` (AccountStore.search, or a user's email), newest first, with
   * today's figures.
   */
  async search(term: string, limit: number): Promise<AccountSummary[]> {
    if (!(Number.isInteger(limit) && limit >= 1 && limit <= OPS_ACCOUNTS_MAX_LIMIT)) {
      throw AppError.invalidBody(`limit must be an integer from 1 to ${OPS_ACCOUNTS_MAX_LIMIT}`);
    }
    return this.withFigures(await this.accountStore.search(term, limit, hasUserWithEmailLike));
  }

  async summary(accountId: string): Promise<AccountSummary> {
    const [summary] = await this.withFigures([await this.account(accountId)]);
    return summary;
  }

  /** Three queries however many accounts there are (none for none). */
  async withFigures(accounts: readonly AccountEntity[]): Promise<AccountSummary[]> {
    if (accounts.length === 0) return [];
    const ids = accounts.map((account) => account.id);
    const [keywords, usage, webhooks] = await Promise.all([
      this.keywords.countActiveByAccount(ids),
      this.usageCounts.accountTotalsOn(ids, utcDay(this.clock.nowMs())),
      this.webhooks.countsByAccount(ids),
    ]);
    return accounts.map((account) => {
      const today = usage.get(account.id);
      const hooks = webhooks.get(account.id);
      const figures: AccountFigures = {
        activeKeywords: keywords.get(account.id) ?? 0,
        alertsToday: today?.delivered ?? 0,
        cappedToday: today?.capped ?? 0,
        webhooks: hooks?.total ?? 0,
        failingWebhooks: hooks?.failing ?? 0,
      };
      return { account, figures };
    });
  }

  /** The account, or not_found. */
  async account(accountId: string): Promise<AccountEntity> {
    const account = await this.accounts.findAccount(accountId);
    if (!account) throw AppError.notFound('Account');
    return account;
  }

  keywordsOf(accountId: string): Promise<KeywordEntity[]> {
    return this.keywords.listLive(accountId);
  }

  webhooksOf(accountId: string): Promise<WebhookEntity[]> {
    return this.webhooks.listLive(accountId);
  }

  /** Delivered and capped per UTC day over the last 30 days, as the user dashboard's usageHistory. */
  usageOf(account: AccountEntity): Promise<UsageDay[]> {
    return this.usage.accountDays(
      { accountId: account.id, limits: planLimits(account.plan) },
      USAGE_HISTORY_DEFAULT_DAYS,
    );
  }

  usersOf(accountId: string): Promise<UserEntity[]> {
    return this.users.usersOf(accountId);
  }

  /** Newest first, revoked ones included. */
  keysOf(accountId: string): Promise<ApiKeyEntity[]> {
    return this.accounts.listKeys(accountId);
  }

  auditOf(accountId: string): Promise<AuditEntryEntity[]> {
    return this.audit.entriesOf(accountId);
  }
}
