import { Injectable } from '@nestjs/common';
import { Database } from '../../database/database.js';

/**
 * The email sender's hourly mail counts past their window. Email owns the table (MailBudget) but
 * sits above retention in the import order, so this one deletion is retention's own
 * (import-graph.spec.ts grants it).
 */
@Injectable()
export class MailHourlyCountsPruner {
  constructor(private readonly database: Database) {}

  pruneOlderThan(cutoff: number, batchSize: number): Promise<number> {
    return this.database.deleteInBatches(
      'mail_hourly_counts',
      ['account_id', 'hour_start'],
      'hour_start',
      cutoff,
      batchSize,
    );
  }
}
