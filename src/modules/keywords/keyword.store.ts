import { Injectable } from '@nestjs/common';
import { In, IsNull, type EntityManager } from 'typeorm';
import { nextChangeSeq } from '../../database/change-sequence.js';
import { Database } from '../../database/database.js';
import { KeywordEntity } from './keyword.entity.js';

const INSERT_CHUNK = 100;

/** The keyword rows one write transaction reads and changes. */
export class KeywordWrite {
  constructor(
    private readonly database: Database,
    private readonly manager: EntityManager,
  ) {}

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

/** The keywords table, behind the questions and changes the keywords feature needs. */
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

  /** The account's live keywords among these ids, in one query. */
  findLiveByIds(accountId: string, ids: readonly string[]): Promise<KeywordEntity[]> {
    return this.database.manager.findBy(KeywordEntity, {
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

  /** Runs `work` in one transaction; what it writes commits together or not at all. */
  write<T>(work: (write: KeywordWrite) => Promise<T>): Promise<T> {
    return this.database.transaction((manager) => work(new KeywordWrite(this.database, manager)));
  }
}

function countActive(manager: EntityManager, accountId: string): Promise<number> {
  return manager.countBy(KeywordEntity, { accountId, active: true, deletedAt: IsNull() });
}
