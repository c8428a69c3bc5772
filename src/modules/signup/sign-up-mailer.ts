import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppError } from '../../common/errors/app-error.js';
import { Clock } from '../../common/time/clock.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ROOT_LOGGER } from '../../core.module.js';
import type { MailContent } from '../email/sending/mail-templates.js';
import { Mailer } from '../email/sending/mailer.service.js';
import { alreadyRegisteredMail, signInUrl, verificationMail, verifyUrl } from './sign-up-mails.js';

/** Sends sign-up's two mails through the app's SMTP pool, while the person waits for the answer. */
@Injectable()
export class SignUpMailer {
  private readonly logger: Logger;

  constructor(
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) rootLogger: Logger,
  ) {
    this.logger = rootLogger.child({ component: 'sign-up' });
  }

  sendVerification(to: string, token: string, expiresAt: number): Promise<void> {
    return this.send(
      to,
      verificationMail({
        verifyUrl: verifyUrl(this.linkBaseUrl(), token),
        expiresAt: new Date(expiresAt),
      }),
    );
  }

  sendAlreadyRegistered(to: string): Promise<void> {
    return this.send(to, alreadyRegisteredMail({ signInUrl: signInUrl(this.linkBaseUrl()) }));
  }

  /** SIGNUP=open needs SMTP_URL (app-config.ts), so the settings exist whenever this runs. */
  private linkBaseUrl(): string {
    return this.config.email?.linkBaseUrl ?? '';
  }

  private async send(to: string, content: MailContent): Promise<void> {
    const outcome = await this.mailer.send({ ...content, to, date: this.clock.now() });
    if (!outcome.ok) {
      this.logger.warn({ error: outcome.error }, 'a sign-up mail could not be sent');
      throw new AppError('unavailable', 'The mail could not be sent: try again in a few minutes');
    }
  }
}
