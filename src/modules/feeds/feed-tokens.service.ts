import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { Clock } from '../../common/time/clock.js';
import type { FeedTokenEntity } from './feed-token.entity.js';
import { FeedTokenStore } from './feed-token.store.js';
import { feedTokenPrefix, generateFeedToken, hashFeedToken } from './feed-token-secret.js';

export interface IssuedFeedToken {
  feedToken: FeedTokenEntity;
  /** The plaintext token: shown in this one response, never again. */
  token: string;
}

@Injectable()
export class FeedTokensService {
  constructor(
    private readonly store: FeedTokenStore,
    private readonly clock: Clock,
  ) {}

  find(accountId: string): Promise<FeedTokenEntity | null> {
    return this.store.findOfAccount(accountId);
  }

  /** Replaces the account's token (or makes the first one); the old one stops working at commit. */
  async issue(accountId: string): Promise<IssuedFeedToken> {
    const token = generateFeedToken();
    const fields = {
      tokenHash: hashFeedToken(token),
      tokenPrefix: feedTokenPrefix(token),
      createdAt: this.clock.nowMs(),
    };
    const feedToken = await this.store.replace(accountId, fields);
    return { feedToken, token };
  }

  async revoke(accountId: string): Promise<void> {
    if (!(await this.store.deleteOfAccount(accountId))) throw AppError.notFound('Feed token');
  }
}
