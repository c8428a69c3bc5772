import { MailOutboxEntity } from './sending/mail-outbox.entity.js';
import { EmailSubscriptionEntity } from './subscriptions/email-subscription.entity.js';

export const EMAIL_ENTITIES = [EmailSubscriptionEntity, MailOutboxEntity];
