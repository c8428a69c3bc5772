import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { planLimits } from '../../config/plans.js';
import { Database } from '../../database/database.js';
import { AccountEntity } from '../accounts/account.entity.js';
import type { Caller } from '../auth/caller.js';
import { FeedTokenEntity } from './feed-token.entity.js';
import { hashFeedToken, isFeedTokenShaped } from './feed-token-secret.js';

/** Whose feed a token opens. */
export interface FeedReader {
  /** The account as AlertsService sees a caller; keyId is the feed token's id. */
  caller: Caller;
  tokenCreatedAt: number;
}

const unknownFeed = () => AppError.notFound('Feed');

/** Turns the token in a feed URL into its account: 404 when unknown or rotated, 402 when not active. */
@Injectable()
export class FeedAccessService {
  constructor(private readonly database: Database) {}

  async resolve(token: string): Promise<FeedReader> {
    if (!isFeedTokenShaped(token)) throw unknownFeed();
    const manager = this.database.manager;
    const feedToken = await manager.findOneBy(FeedTokenEntity, { tokenHash: hashFeedToken(token) });
    if (!feedToken) throw unknownFeed();
    const account = await manager.findOneBy(AccountEntity, { id: feedToken.accountId });
    if (!account || account.product !== 'alerts') throw unknownFeed();
    if (account.status !== 'active') {
      throw new AppError('subscription_required', 'An active plan is required');
    }
    return {
      caller: {
        accountId: account.id,
        keyId: feedToken.id,
        product: account.product,
        plan: account.plan,
        status: account.status,
        limits: planLimits(account.plan),
      },
      tokenCreatedAt: feedToken.createdAt,
    };
  }
}
