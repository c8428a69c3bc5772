import { Module } from '@nestjs/common';
import { WebhooksModule } from '../../webhooks/webhooks.module.js';
import { EmailModule } from '../email.module.js';
import { LongFailingNoticeWorker } from './long-failing-notice.worker.js';

/**
 * The mail about webhooks failing for days (decisions section 16): sent with email's SMTP pool and
 * budget. Imported by the app's root only, so the admin command loads no webhooks module for it.
 */
@Module({
  imports: [EmailModule, WebhooksModule],
  providers: [LongFailingNoticeWorker],
})
export class WebhookNoticesModule {}
