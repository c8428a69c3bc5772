import { AccountEntity } from '../modules/accounts/account.entity.js';
import { ApiKeyEntity } from '../modules/accounts/api-key.entity.js';
import { AlertEntity } from '../modules/alerts/alert.entity.js';
import { DeliveryEntity } from '../modules/delivery/delivery.entity.js';
import { EMAIL_ENTITIES } from '../modules/email/email.entities.js';
import { FeedTokenEntity } from '../modules/feeds/feed-token.entity.js';
import { INBOX_ENTITIES } from '../modules/inbox/inbox.entities.js';
import { AuditEntryEntity } from '../modules/ops/audit/audit-entry.entity.js';
import { AccountAuditEntryEntity } from '../modules/account-audit/account-audit-entry.entity.js';
import { KeywordEntity } from '../modules/keywords/keyword.entity.js';
import { OperationSampleEntity } from '../modules/ops/figures/operation-sample.entity.js';
import { KeywordDailyUsageEntity } from '../modules/usage/keyword-daily-usage.entity.js';
import { SetupTokenEntity } from '../modules/setup/setup-token.entity.js';
import { InvitationEntity } from '../modules/invitations/invitation.entity.js';
import { SIGN_UP_ENTITIES } from '../modules/signup/sign-up.entities.js';
import { SSO_ENTITIES } from '../modules/sso/sso-settings.entity.js';
import { SessionEntity } from '../modules/users/session.entity.js';
import { UserEntity } from '../modules/users/user.entity.js';
import { WebhookEntity } from '../modules/webhooks/webhook.entity.js';

export const ENTITIES = [
  AccountEntity,
  ApiKeyEntity,
  KeywordEntity,
  WebhookEntity,
  KeywordDailyUsageEntity,
  AlertEntity,
  DeliveryEntity,
  FeedTokenEntity,
  ...INBOX_ENTITIES,
  UserEntity,
  SessionEntity,
  SetupTokenEntity,
  AuditEntryEntity,
  AccountAuditEntryEntity,
  OperationSampleEntity,
  ...EMAIL_ENTITIES,
  ...SIGN_UP_ENTITIES,
  ...SSO_ENTITIES,
  InvitationEntity,
];
