import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { Clock } from '../../common/time/clock.js';
import { AccountAudit } from '../account-audit/account-audit.service.js';
import { SECRET_CHANGED } from '../account-audit/account-audit-entry.entity.js';
import type { Caller } from '../auth/caller.js';
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
    private readonly audit: AccountAudit,
  ) {}

  find(accountId: string): Promise<FeedTokenEntity | null> {
    return this.store.findOfAccount(accountId);
  }

  /** Replaces the account's token (or makes the first one); the old one stops working at commit. */
  async issue(caller: Caller): Promise<IssuedFeedToken> {
    const token = generateFeedToken();
    const fields = {
      tokenHash: hashFeedToken(token),
      tokenPrefix: feedTokenPrefix(token),
      createdAt: this.clock.nowMs(),
    };
    const feedToken = await this.store.replace(
      caller.accountId,
      fields,
      (manager, { replaced, next }) =>
        this.audit.record(manager, caller, {
          action: replaced ? 'feed_token.rotated' : 'feed_token.created',
          resourceType: 'feed_token',
          resourceId: next.id,
          before: replaced ? { prefix: replaced.tokenPrefix } : null,
          after: { prefix: fields.tokenPrefix, token: SECRET_CHANGED },
        }),
    );
    return { feedToken, token };
  }

  async revoke(caller: Caller): Promise<void> {
    const deleted = await this.store.deleteOfAccount(caller.accountId, (manager, revoked) =>
      this.audit.record(manager, caller, {
        action: 'feed_token.revoked',
        resourceType: 'feed_token',
        resourceId: revoked.id,
        before: { prefix: revoked.tokenPrefix },
        after: null,
      }),
    );
    if (!deleted) throw AppError.notFound('Feed token');
  }
}
