import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { newId } from '../../common/ids.js';
import { Clock } from '../../common/time/clock.js';
import { Database } from '../../database/database.js';
import { FeedTokenEntity } from './feed-token.entity.js';
import { feedTokenPrefix, generateFeedToken, hashFeedToken } from './feed-token-secret.js';

export interface IssuedFeedToken {
  feedToken: FeedTokenEntity;
  /** The plaintext token: shown in this one response, never again. */
  token: string;
}

@Injectable()
export class FeedTokensService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  find(accountId: string): Promise<FeedTokenEntity | null> {
    return this.database.manager.findOneBy(FeedTokenEntity, { accountId });
  }

  /** Replaces the account's token (or makes the first one); the old one stops working at commit. */
  async issue(accountId: string): Promise<IssuedFeedToken> {
    const token = generateFeedToken();
    const fields = {
      tokenHash: hashFeedToken(token),
      tokenPrefix: feedTokenPrefix(token),
      createdAt: this.clock.nowMs(),
    };
    const feedToken = await this.database.transaction(async (manager) => {
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
    return { feedToken, token };
  }

  async revoke(accountId: string): Promise<void> {
    const result = await this.database.transaction((manager) =>
      manager.delete(FeedTokenEntity, { accountId }),
    );
    if (!result.affected) throw AppError.notFound('Feed token');
  }
}
