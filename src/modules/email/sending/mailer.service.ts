import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config.js';
import { SmtpMailer, type MailOutcome, type OutgoingMail } from './smtp-mailer.js';

/** The app's one SMTP pool, opened at the first mail; without SMTP_URL nothing can be sent. */
@Injectable()
export class Mailer implements OnApplicationShutdown {
  private smtp: SmtpMailer | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  send(mail: OutgoingMail): Promise<MailOutcome> {
    if (this.config.email === null) {
      return Promise.resolve({ ok: false, error: 'email is not configured (SMTP_URL is unset)' });
    }
    this.smtp ??= new SmtpMailer(this.config.email);
    return this.smtp.send(mail);
  }

  onApplicationShutdown(): void {
    this.smtp?.close();
  }
}
