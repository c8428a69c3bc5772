import { AuditLogGraphqlModule } from './modules/account-audit/graphql/audit-log-graphql.module.js';
import { Module, type DynamicModule } from '@nestjs/common';
import { APP_GUARD, RouterModule } from '@nestjs/core';
import { ScheduleModule } from '@nestjs/schedule';
import { CoreModule, type CoreOptions } from './core.module.js';
import { DatabaseModule } from './database/database.module.js';
import { DashboardModule } from './modules/dashboard/dashboard.module.js';
import { EmailGraphqlModule } from './modules/email/graphql/email-graphql.module.js';
import { EmailModule } from './modules/email/email.module.js';
import { EmailPagesModule } from './modules/email/pages/email-pages.module.js';
import { WebhookNoticesModule } from './modules/email/webhook-notices/webhook-notices.module.js';
import { AccountsModule } from './modules/accounts/accounts.module.js';
import { AlertsGraphqlModule } from './modules/alerts/graphql/alerts-graphql.module.js';
import { AlertsModule } from './modules/alerts/alerts.module.js';
import { ApiDocsModule } from './modules/api-docs/api-docs.module.js';
import { ApiKeyGuard } from './modules/auth/api-key.guard.js';
import { AuthModule } from './modules/auth/auth.module.js';
import { FeedsGraphqlModule } from './modules/feeds/graphql/feeds-graphql.module.js';
import { FeedsModule } from './modules/feeds/feeds.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { InboxGraphqlModule } from './modules/inbox/graphql/inbox-graphql.module.js';
import { InboxModule } from './modules/inbox/inbox.module.js';
import { GraphqlModule } from './modules/graphql/graphql.module.js';
import { IngestionModule } from './modules/ingestion/ingestion.module.js';
import { RedditPollingModule } from './modules/ingestion/polling/reddit-polling.module.js';
import { MetricsModule } from './modules/metrics/metrics.module.js';
import { MetricsListenerModule } from './modules/metrics/metrics-listener.module.js';
import { KeywordsGraphqlModule } from './modules/keywords/graphql/keywords-graphql.module.js';
import { KeywordsModule } from './modules/keywords/keywords.module.js';
import { ApiRateLimitGuard } from './modules/rate-limit/api-rate-limit.guard.js';
import { RateLimitModule } from './modules/rate-limit/rate-limit.module.js';
import { RetentionModule } from './modules/retention/retention.module.js';
import { UsageGraphqlModule } from './modules/usage/graphql/usage-graphql.module.js';
import { UsageModule } from './modules/usage/usage.module.js';
import { OpsGraphqlModule } from './modules/ops/graphql/ops-graphql.module.js';
import { SignUpGraphqlModule } from './modules/signup/graphql/sign-up-graphql.module.js';
import { UsersGraphqlModule } from './modules/users/graphql/users-graphql.module.js';
import { UsersModule } from './modules/users/users.module.js';
import { DeliveryToWebhooksModule } from './modules/webhooks/delivery-to-webhooks.module.js';
import { WebhooksGraphqlModule } from './modules/webhooks/graphql/webhooks-graphql.module.js';
import { WebhooksModule } from './modules/webhooks/webhooks.module.js';
import { PIPELINE_SINKS } from './pipeline-sinks.js';
import { BackfillModule } from './modules/backfill/backfill.module.js';
import { PreviewGraphqlModule } from './modules/preview/graphql/preview-graphql.module.js';
import { PreviewModule } from './modules/preview/preview.module.js';
import { SetupGraphqlModule } from './modules/setup/graphql/setup-graphql.module.js';
import { SetupModule } from './modules/setup/setup.module.js';
import { InvitationsGraphqlModule } from './modules/invitations/graphql/invitations-graphql.module.js';
import { SsoGraphqlModule } from './modules/sso/graphql/sso-graphql.module.js';

/** The modules whose controllers make up the versioned REST API under /api/v1. */
const PUBLIC_API_MODULES = [
  KeywordsModule,
  PreviewModule,
  WebhooksModule,
  AlertsModule,
  UsageModule,
  InboxModule,
  EmailModule,
];

@Module({})
export class AppModule {
  static forRoot(options: CoreOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(options),
        DatabaseModule,
        MetricsModule,
        MetricsListenerModule,
        AuthModule,
        RateLimitModule,
        AccountsModule,
        UsersModule,
        SetupModule,
        ...PUBLIC_API_MODULES,
        IngestionModule.forRoot({ sinks: PIPELINE_SINKS }),
        RedditPollingModule,
        RetentionModule,
        BackfillModule,
        DeliveryToWebhooksModule,
        WebhookNoticesModule,
        ScheduleModule.forRoot(),
        FeedsModule,
        HealthModule,
        ApiDocsModule,
        GraphqlModule,
        KeywordsGraphqlModule,
        PreviewGraphqlModule,
        AlertsGraphqlModule,
        WebhooksGraphqlModule,
        UsageGraphqlModule,
        FeedsGraphqlModule,
        InboxGraphqlModule,
        UsersGraphqlModule,
        OpsGraphqlModule,
        SetupGraphqlModule,
        EmailGraphqlModule,
        SignUpGraphqlModule,
        SsoGraphqlModule,
        InvitationsGraphqlModule,
        AuditLogGraphqlModule,
        EmailPagesModule,
        DashboardModule,
        RouterModule.register([{ path: 'api/v1', children: PUBLIC_API_MODULES }]),
      ],
      // Order matters: the caller is known before its rate budget is counted.
      providers: [
        { provide: APP_GUARD, useClass: ApiKeyGuard },
        { provide: APP_GUARD, useClass: ApiRateLimitGuard },
      ],
    };
  }
}
