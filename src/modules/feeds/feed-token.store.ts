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

  /** Replaces the account's token (or makes the first one), under the account's lock. */
  replace(
    accountId: string,
    fields: Pick<FeedTokenEntity, 'tokenHash' | 'tokenPrefix' | 'createdAt'>,
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
      return next;
    });
  }

  async deleteOfAccount(accountId: string): Promise<boolean> {
    const result = await this.database.transaction((manager) =>
      manager.delete(FeedTokenEntity, { accountId }),
    );
    return Boolean(result.affected);
  }
}
