import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { planLimits } from '../../config/plans.js';
import { AccountStore } from '../accounts/account.store.js';
import type { AccountScope } from '../auth/caller.js';
import { FeedTokenStore } from './feed-token.store.js';
import { hashFeedToken, isFeedTokenShaped } from './feed-token-secret.js';

export interface FeedReader {
  account: AccountScope;
  tokenCreatedAt: number;
}

const unknownFeed = () => AppError.notFound('Feed');

/** Turns the token in a feed URL into its account: 404 when unknown or rotated, 402 when not active. */
@Injectable()
export class FeedAccessService {
  constructor(
    private readonly tokens: FeedTokenStore,
    private readonly accounts: AccountStore,
  ) {}

  async resolve(token: string): Promise<FeedReader> {
    if (!isFeedTokenShaped(token)) throw unknownFeed();
    const feedToken = await this.tokens.findByHash(hashFeedToken(token));
    if (!feedToken) throw unknownFeed();
    const account = await this.accounts.findAccount(feedToken.accountId);
    if (!account || account.product !== 'alerts') throw unknownFeed();
    if (account.status !== 'active') {
      throw new AppError('subscription_required', 'An active plan is required');
    }
    return {
      account: { accountId: account.id, limits: planLimits(account.plan) },
      tokenCreatedAt: feedToken.createdAt,
    };
  }
}
