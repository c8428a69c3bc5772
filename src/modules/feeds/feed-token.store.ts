import type { AlsoInTransaction } from '../../database/same-transaction.js';
import { Injectable } from '@nestjs/common';
import { newId } from '../../common/ids.js';
import { Database } from '../../database/database.js';
import { FeedTokenEntity } from './feed-token.entity.js';

/** The feed_tokens table: one token per account at most. */
@Injectable()
export class FeedTokenStore {
  constructor(private readonly database: Database) {}

  findOfAccount(accountId: string): Promise<FeedTokenEntity | null> {
    return this.database.manager.findOneBy(FeedTokenEntity, { accountId });
  }

  findByHash(tokenHash: string): Promise<FeedTokenEntity | null> {
    return this.database.manager.findOneBy(FeedTokenEntity, { tokenHash });
  }

  /**
   * Replaces the account's token (or makes the first one), under the account's lock; `also` runs
   * in the same transaction with the token replaced (null when there was none) and the new one.
   */
  replace(
    accountId: string,
    fields: Pick<FeedTokenEntity, 'tokenHash' | 'tokenPrefix' | 'createdAt'>,
    also: AlsoInTransaction<{ replaced: FeedTokenEntity | null; next: FeedTokenEntity }>,
  ): Promise<FeedTokenEntity> {
    return this.database.transaction(async (manager) => {
      await this.database.lockAccount(manager, accountId);
      const current = await manager.findOneBy(FeedTokenEntity, { accountId });
      const next = manager.create(FeedTokenEntity, {
        id: current?.id ?? newId(),
        accountId,
        ...fields,
      });
      if (current) await manager.update(FeedTokenEntity, { id: current.id }, fields);
      else await manager.insert(FeedTokenEntity, next);
      await also(manager, { replaced: current, next });
      return next;
    });
  }

  /** `also` runs in the same transaction with the token deleted, only when there was one. */
  async deleteOfAccount(
    accountId: string,
    also: AlsoInTransaction<FeedTokenEntity>,
  ): Promise<boolean> {
    return this.database.transaction(async (manager) => {
      const current = await manager.findOneBy(FeedTokenEntity, { accountId });
      if (!current) return false;
      await manager.delete(FeedTokenEntity, { id: current.id });
      await also(manager, current);
      return true;
    });
  }
}
