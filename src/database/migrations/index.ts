import { InitialSchema1763700000000 } from './1763700000000-initial-schema.js';
import { IngestionState1763700100000 } from './1763700100000-ingestion-state.js';
import { Deliveries1763700400000 } from './1763700400000-deliveries.js';
import { Inbox1763700500000 } from './1763700500000-inbox.js';
import { FeedTokens1763700600000 } from './1763700600000-feed-tokens.js';
import { DeliveryLanes1763700700000 } from './1763700700000-delivery-lanes.js';
import { ChangeSequence1763700800000 } from './1763700800000-change-sequence.js';
import { WebhookSecretWidth1763701100000 } from './1763701100000-webhook-secret-width.js';
import { DeliveryAttempts1763701400000 } from './1763701400000-delivery-attempts.js';
import { WebhookSecretRotation1763701410000 } from './1763701410000-webhook-secret-rotation.js';
import { KeywordFilters1763701500000 } from './1763701500000-keyword-filters.js';
import { RedeliveryBudgets1763701600000 } from './1763701600000-redelivery-budgets.js';
import { UsersAndSessions1763701730000 } from './1763701730000-users-and-sessions.js';
import { WebhookHealth1763701740000 } from './1763701740000-webhook-health.js';
import { AlertsBySubredditInOrder1763701750000 } from './1763701750000-alerts-by-subreddit-in-order.js';
import { OperationSamples1763701800000 } from './1763701800000-operation-samples.js';
import { OpsAuditEntries1763701900000 } from './1763701900000-ops-audit-entries.js';
import { WebhookFormats1763702000000 } from './1763702000000-webhook-formats.js';
import { EmailSubscriptions1763702100000 } from './1763702100000-email-subscriptions.js';
import { WebhookFailingStreak1763702300000 } from './1763702300000-webhook-failing-streak.js';
import { DeliveryRetries1763702400000 } from './1763702400000-delivery-retries.js';
import { KeywordQueries1763702500000 } from './1763702500000-keyword-queries.js';
import { PostQueryFields1763702600000 } from './1763702600000-post-query-fields.js';
import { CountRechecks1763702700000 } from './1763702700000-count-rechecks.js';
import { RecentItems1763702800000 } from './1763702800000-recent-items.js';
import { KeywordBackfills1763702900000 } from './1763702900000-keyword-backfills.js';
import { SetupTokens1763703000000 } from './1763703000000-setup-tokens.js';
import { SignUps1763703500000 } from './1763703500000-sign-ups.js';
import { AccountRoles1763704000000 } from './1763704000000-account-roles.js';
import { KeyScopes1763704100000 } from './1763704100000-key-scopes.js';
import { SessionBrowsers1763704150000 } from './1763704150000-session-browsers.js';
import { Sso1763704200000 } from './1763704200000-sso.js';
import { Invitations1763704300000 } from './1763704300000-invitations.js';
import { AccountAuditEntries1763704400000 } from './1763704400000-account-audit-entries.js';
import { RecentItemMinutes1763704500000 } from './1763704500000-recent-item-minutes.js';

/** Every migration, in order; listed explicitly so builds and tests load the same set. */
export const MIGRATIONS = [
  InitialSchema1763700000000,
  IngestionState1763700100000,
  Deliveries1763700400000,
  Inbox1763700500000,
  FeedTokens1763700600000,
  DeliveryLanes1763700700000,
  ChangeSequence1763700800000,
  WebhookSecretWidth1763701100000,
  DeliveryAttempts1763701400000,
  WebhookSecretRotation1763701410000,
  KeywordFilters1763701500000,
  RedeliveryBudgets1763701600000,
  UsersAndSessions1763701730000,
  WebhookHealth1763701740000,
  AlertsBySubredditInOrder1763701750000,
  OperationSamples1763701800000,
  OpsAuditEntries1763701900000,
  WebhookFormats1763702000000,
  EmailSubscriptions1763702100000,
  WebhookFailingStreak1763702300000,
  DeliveryRetries1763702400000,
  KeywordQueries1763702500000,
  PostQueryFields1763702600000,
  CountRechecks1763702700000,
  RecentItems1763702800000,
  KeywordBackfills1763702900000,
  SetupTokens1763703000000,
  SignUps1763703500000,
  AccountRoles1763704000000,
  KeyScopes1763704100000,
  SessionBrowsers1763704150000,
  Sso1763704200000,
  Invitations1763704300000,
  AccountAuditEntries1763704400000,
  RecentItemMinutes1763704500000,
];
