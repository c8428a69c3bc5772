import { Module } from '@nestjs/common';
import { AccountAuditModule } from '../account-audit/account-audit.module.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { AlertsModule } from '../alerts/alerts.module.js';
import { KeywordsModule } from '../keywords/keywords.module.js';
import { AlertFeedService } from './alert-feed.service.js';
import { FeedAccessService } from './feed-access.service.js';
import { FeedTokenStore } from './feed-token.store.js';
import { FeedTokensService } from './feed-tokens.service.js';
import { FeedRateLimitGuard } from './http/feed-rate-limit.guard.js';
import { FeedTokensController } from './http/feed-tokens.controller.js';
import { PublicFeedsController } from './http/public-feeds.controller.js';

/** RSS 2.0 and Atom feeds of an account's alerts, opened by a rotatable per-account token. */
@Module({
  imports: [AccountsModule, AlertsModule, KeywordsModule, AccountAuditModule],
  controllers: [FeedTokensController, PublicFeedsController],
  providers: [
    FeedTokenStore,
    FeedTokensService,
    FeedAccessService,
    AlertFeedService,
    FeedRateLimitGuard,
  ],
  exports: [FeedTokensService],
})
export class FeedsModule {}
