import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { EmailSubscriptionsService } from '../subscriptions/email-subscriptions.service.js';
import { EMAIL_PAGES_PATH } from '../subscriptions/email-tokens.js';
import { emailPagesHandler } from './email-pages.js';

/** Reached from a mail, the pages take no key and no session: the token in the URL is the credential. */
@Injectable()
export class EmailPagesMount implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly subscriptions: EmailSubscriptionsService,
  ) {}

  onModuleInit(): void {
    this.adapterHost.httpAdapter.use(EMAIL_PAGES_PATH, emailPagesHandler(this.subscriptions));
  }
}
