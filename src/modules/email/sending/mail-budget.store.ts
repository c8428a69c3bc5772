import { Injectable } from '@nestjs/common';
import { Clock } from '../../../common/time/clock.js';
import { EMAIL_MAILS_PER_HOUR } from '../../../config/plans.js';
import { Database } from '../../../database/database.js';

const HOUR_MS = 3_600_000;

/** A mail counted, or the time the account's next hour starts. */
export type MailAllowance = { allowed: true } | { allowed: false; nextHourAt: number };

/**
 * EMAIL_MAILS_PER_HOUR per account and clock hour (UTC), counted in the database so every
 * instance and the admin command share one count. A mail is counted before it is sent.
 */
@Injectable()
export class MailBudget {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  async take(accountId: string): Promise<MailAllowance> {
    const now = this.clock.nowMs();
    const hourStart = now - (now % HOUR_MS);
    const counted = await this.database.query(
      this.database.dataSource.manager,
      `INSERT INTO mail_hourly_counts (account_id, hour_start, sent)
       VALUES (:accountId, :hourStart, 1)
       ON CONFLICT (account_id, hour_start) DO UPDATE SET sent = mail_hourly_counts.sent + 1
       WHERE mail_hourly_counts.sent < :limit
       RETURNING sent`,
      { accountId, hourStart, limit: EMAIL_MAILS_PER_HOUR },
    );
    return counted.length > 0
      ? { allowed: true }
      : { allowed: false, nextHourAt: hourStart + HOUR_MS };
  }
}
