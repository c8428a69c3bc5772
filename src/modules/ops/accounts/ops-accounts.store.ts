import { Injectable } from '@nestjs/common';
import { IsNull } from 'typeorm';
import { Database } from '../../../database/database.js';
import { inList } from '../../../database/sql-lists.js';
import { AccountEntity } from '../../accounts/account.entity.js';
import { KeywordEntity } from '../../keywords/keyword.entity.js';
import { WebhookEntity } from '../../webhooks/webhook.entity.js';

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

export const NO_FIGURES: AccountFigures = {
  activeKeywords: 0,
  alertsToday: 0,
  cappedToday: 0,
  webhooks: 0,
  failingWebhooks: 0,
};

type Count = number | string | null;

/** What the operator console reads of accounts: a search, and figures for a page in 3 queries. */
@Injectable()
export class OpsAccountsStore {
  constructor(private readonly database: Database) {}

  /**
   * Newest first, at most `limit`: every account, or those whose id is or starts with `term`,
   * whose name contains it, or with a user whose email contains it (case-insensitive).
   */
  search(term: string, limit: number): Promise<AccountEntity[]> {
    const query = this.database.manager
      .createQueryBuilder(AccountEntity, 'account')
      .orderBy('account.createdAt', 'DESC')
      .addOrderBy('account.id', 'DESC')
      .limit(limit);
    const needle = term.trim().toLowerCase();
    if (needle !== '') {
      const pattern = `%${escapeLike(needle)}%`;
      query.where(
        `(account.id LIKE :prefix ESCAPE '\\' OR LOWER(account.name) LIKE :pattern ESCAPE '\\'
          OR EXISTS (SELECT 1 FROM users member
                      WHERE member.account_id = account.id AND member.email_key LIKE :pattern ESCAPE '\\'))`,
        { prefix: `${escapeLike(needle)}%`, pattern },
      );
    }
    return query.getMany();
  }

  /** The figures of each account of `accountIds` on the UTC day `day`. */
  async figuresOf(
    accountIds: readonly string[],
    day: string,
  ): Promise<Map<string, AccountFigures>> {
    const figures = new Map(accountIds.map((id) => [id, { ...NO_FIGURES }]));
    if (accountIds.length === 0) return figures;
    const ids = inList(accountIds);
    const manager = this.database.manager;
    const [keywords, usage, webhooks] = await Promise.all([
      this.database.query<{ account_id: string; active: Count }>(
        manager,
        `SELECT account_id, COUNT(*) AS active FROM keywords
          WHERE account_id IN (${ids.sql}) AND active = TRUE AND deleted_at IS NULL
          GROUP BY account_id`,
        ids.parameters,
      ),
      this.database.query<{ account_id: string; delivered: Count; capped: Count }>(
        manager,
        `SELECT k.account_id, SUM(u.delivered) AS delivered, SUM(u.capped) AS capped
           FROM keywords k JOIN keyword_daily_usage u ON u.keyword_id = k.id
          WHERE k.account_id IN (${ids.sql}) AND u.day = :day
          GROUP BY k.account_id`,
        { ...ids.parameters, day },
      ),
      this.database.query<{ account_id: string; total: Count; failing: Count }>(
        manager,
        `SELECT account_id, COUNT(*) AS total,
                SUM(CASE WHEN consecutive_failures > 0 THEN 1 ELSE 0 END) AS failing
           FROM webhooks
          WHERE account_id IN (${ids.sql}) AND deleted_at IS NULL
          GROUP BY account_id`,
        ids.parameters,
      ),
    ]);
    for (const row of keywords) figures.get(row.account_id)!.activeKeywords = Number(row.active);
    for (const row of usage) {
      Object.assign(figures.get(row.account_id)!, {
        alertsToday: Number(row.delivered ?? 0),
        cappedToday: Number(row.capped ?? 0),
      });
    }
    for (const row of webhooks) {
      Object.assign(figures.get(row.account_id)!, {
        webhooks: Number(row.total),
        failingWebhooks: Number(row.failing ?? 0),
      });
    }
    return figures;
  }

  /** The account's keywords, deleted ones left out, oldest first. */
  keywordsOf(accountId: string): Promise<KeywordEntity[]> {
    return this.database.manager.find(KeywordEntity, {
      where: { accountId, deletedAt: IsNull() },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /** The account's webhooks, deleted ones left out, oldest first. */
  webhooksOf(accountId: string): Promise<WebhookEntity[]> {
    return this.database.manager.find(WebhookEntity, {
      where: { accountId, deletedAt: IsNull() },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }
}

/** `text` matched literally by LIKE … ESCAPE '\'. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}
