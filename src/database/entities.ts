import { AccountEntity } from '../modules/accounts/account.entity.js';
import { ApiKeyEntity } from '../modules/accounts/api-key.entity.js';
import { AlertEntity } from '../modules/alerts/alert.entity.js';
import { KeywordEntity } from '../modules/keywords/keyword.entity.js';
import { KeywordDailyUsageEntity } from '../modules/usage/keyword-daily-usage.entity.js';
import { WebhookEntity } from '../modules/webhooks/webhook.entity.js';

export const ENTITIES = [
  AccountEntity,
  ApiKeyEntity,
  KeywordEntity,
  WebhookEntity,
  KeywordDailyUsageEntity,
  AlertEntity,
];
