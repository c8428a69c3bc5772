import { Injectable } from '@nestjs/common';
import { In, IsNull, type EntityManager } from 'typeorm';
import { nextChangeSeq } from '../../database/change-sequence.js';
import { Database } from '../../database/database.js';
import { inList } from '../../database/sql-lists.js';
import { ACTIVE_KEYWORD } from '../matching/keyword-fields.js';
import { KeywordEntity } from './keyword.entity.js';

const INSERT_CHUNK = 100;

/**
 * Sub-selects of the keywords table that usage joins in its own statements (one query, not
 * two); their text stays here, with the owner. `accounts` is SQL that follows account_id: a
 * comparison such as `= :accountId`, or `IN (…)`.
 */
export const KEYWORD_ROWS = {
  /** `id, account_id` of the accounts' keywords, deleted ones included. */
  ofAccounts: (accounts: string) =>
    `SELECT id, account_id FROM keywords WHERE account_id ${accounts}`,
  /** `id, text, active, query` of the accounts' live keywords (active and paused, not deleted). */
  liveOfAccounts: (accounts: string) =>
    `SELECT id, text, active, "query" FROM keywords WHERE account_id ${accounts} AND deleted_at IS NULL`,
  /** `id` of every keyword the matcher matches. */
  active: `SELECT id FROM keywords WHERE ${ACTIVE_KEYWORD}`,
};

/** The keyword rows one write transaction reads and changes. */
export class KeywordWrite {
  constructor(
    private readonly database: Database,
    private readonly manager: EntityManager,
  ) {}

  /** Runs another module's write in this transaction (through that module's own store). */
  also<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return work(this.manager);
  }

  /** Holds the account's lock until the transaction ends: its keyword count cannot change meanwhile. */
  lockAccount(accountId: string): Promise<void> {
    return this.database.lockAccount(this.manager, accountId);
  }

  /** Every keyword the account ever had, deleted ones included, by normalized text. */
  async allByNormalizedText(accountId: string): Promise<Map<string, KeywordEntity>> {
    const keywords = await this.manager.findBy(KeywordEntity, { accountId });
    return new Map(keywords.map((keyword) => [keyword.normalizedText, keyword]));
  }

  findLive(accountId: string, keywordId: string): Promise<KeywordEntity | null> {
    return this.manager.findOneBy(KeywordEntity, { id: keywordId, accountId, deletedAt: IsNull() });
  }

  countActive(accountId: string): Promise<number> {
    return countActive(this.manager, accountId);
  }

  /** The number the live matchers see these rows' change under (change-sequence.ts). */
  nextChangeSeq(): Promise<number> {
    return nextChangeSeq(this.database, this.manager, 'keywords');
  }

  async insert(keywords: readonly KeywordEntity[]): Promise<void> {
    for (let i = 0; i < keywords.length; i += INSERT_CHUNK) {
      await this.manager.insert(KeywordEntity, keywords.slice(i, i + INSERT_CHUNK));
    }
  }

  async save(keywords: readonly KeywordEntity[]): Promise<void> {
    for (const keyword of keywords) await this.manager.save(keyword);
  }
}

@Injectable()
export class KeywordStore {
  constructor(private readonly database: Database) {}

  /** Live keywords (active and paused), oldest first. */
  listLive(accountId: string): Promise<KeywordEntity[]> {
    return this.database.manager.find(KeywordEntity, {
      where: { accountId, deletedAt: IsNull() },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  findLiveByIds(accountId: string, ids: readonly string[]): Promise<KeywordEntity[]> {
    return this.database.manager.findBy(KeywordEntity, {
      accountId,
      id: In([...ids]),
      deletedAt: IsNull(),
    });
  }

  countLiveByIds(accountId: string, ids: readonly string[]): Promise<number> {
    return this.database.manager.countBy(KeywordEntity, {
      accountId,
      id: In([...ids]),
      deletedAt: IsNull(),
    });
  }

  /** A keyword of the account's, deleted or not: its past alerts stay readable. */
  findEverHeld(accountId: string, keywordId: string): Promise<KeywordEntity | null> {
    return this.database.manager.findOneBy(KeywordEntity, { id: keywordId, accountId });
  }

  countActive(accountId: string): Promise<number> {
    return countActive(this.database.manager, accountId);
  }

  /** Each account's active keywords, by account id; an account without any is absent. */
  async countActiveByAccount(accountIds: readonly string[]): Promise<Map<string, number>> {
    const ids = inList(accountIds);
    const rows = await this.database.query<{ account_id: string; active: number | string }>(
      this.database.manager,
      `SELECT account_id, COUNT(*) AS active FROM keywords
        WHERE account_id IN (${ids.sql}) AND ${ACTIVE_KEYWORD}
        GROUP BY account_id`,
      ids.parameters,
    );
    return new Map(rows.map((row) => [row.account_id, Number(row.active)]));
  }

  write<T>(work: (write: KeywordWrite) => Promise<T>): Promise<T> {
    return this.database.transaction((manager) => work(new KeywordWrite(this.database, manager)));
  }
}

function countActive(manager: EntityManager, accountId: string): Promise<number> {
  return manager
    .createQueryBuilder(KeywordEntity, 'keyword')
    .where('keyword.accountId = :accountId', { accountId })
    .andWhere(ACTIVE_KEYWORD)
    .getCount();
}
