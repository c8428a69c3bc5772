import { AccountAuditModule } from '../account-audit/account-audit.module.js';
import { Module } from '@nestjs/common';
import { AlertsModule } from '../alerts/alerts.module.js';
import { KeywordsModule } from '../keywords/keywords.module.js';
import { DigestScheduler } from './digests/digest.scheduler.js';
import { DigestService } from './digests/digest.service.js';
import { EmailSubscriptionsController } from './http/email-subscriptions.controller.js';
import { AlertMailSender } from './sending/alert-mail-sender.js';
import { InstantMailOutbox } from './sending/instant-mail.outbox.js';
import { InstantMailWorker } from './sending/instant-mail.worker.js';
import { MailBudget } from './sending/mail-budget.store.js';
import { MailOutboxStore } from './sending/mail-outbox.store.js';
import { Mailer } from './sending/mailer.service.js';
import { EmailSubscriptionStore } from './subscriptions/email-subscription.store.js';
import { EmailSubscriptionsService } from './subscriptions/email-subscriptions.service.js';

/**
 * Email subscriptions (docs/email.md): their REST routes and rules, the instant-mail outbox (a
 * sink of the ingestion pipeline) and its worker, the digests and their schedule, one SMTP pool.
 */
@Module({
  imports: [AlertsModule, KeywordsModule, AccountAuditModule],
  controllers: [EmailSubscriptionsController],
  providers: [
    EmailSubscriptionStore,
    EmailSubscriptionsService,
    MailOutboxStore,
    MailBudget,
    Mailer,
    AlertMailSender,
    InstantMailOutbox,
    InstantMailWorker,
    DigestService,
    DigestScheduler,
  ],
  exports: [
    EmailSubscriptionsService,
    InstantMailOutbox,
    InstantMailWorker,
    DigestService,
    Mailer,
    MailBudget,
  ],
})
export class EmailModule {}
