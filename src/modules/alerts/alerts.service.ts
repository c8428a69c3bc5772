import { Injectable } from '@nestjs/common';
import { MoreThanOrEqual } from 'typeorm';
import { AppError } from '../../common/errors/app-error.js';
import { Clock } from '../../common/time/clock.js';
import { daysBefore } from '../../common/time/timestamps.js';
import { Database } from '../../database/database.js';
import type { AccountScope } from '../auth/caller.js';
import { AlertEntity } from './alert.entity.js';
import { encodeCursor } from '../../common/http/keyset-cursor.js';
import type { AlertQuery } from './alert-query.js';

export interface AlertPage {
  alerts: AlertEntity[];
  nextCursor: string | null;
}

@Injectable()
export class AlertsService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /** Newest first, keyset-paginated (no OFFSET), inside the plan's history window. */
  async list(caller: AccountScope, query: AlertQuery): Promise<AlertPage> {
    const builder = this.database.manager
      .createQueryBuilder(AlertEntity, 'alert')
      .where('alert.accountId = :accountId', { accountId: caller.accountId })
      .andWhere('alert.matchedAt >= :windowStart', { windowStart: this.windowStart(caller) });
    if (query.since !== null) builder.andWhere('alert.matchedAt > :since', { since: query.since });
    if (query.keywordId !== null)
      builder.andWhere('alert.keywordId = :keywordId', { keywordId: query.keywordId });
    if (query.type !== null) builder.andWhere('alert.event = :type', { type: query.type });
    if (query.subreddit !== null)
      builder.andWhere('alert.subredditKey = :subreddit', { subreddit: query.subreddit });
    if (query.after !== null) {
      builder.andWhere(
        '(alert.matchedAt < :cursorAt OR (alert.matchedAt = :cursorAt AND alert.id < :cursorId))',
        { cursorAt: query.after.at, cursorId: query.after.id },
      );
    }
    const rows = await builder
      .orderBy('alert.matchedAt', 'DESC')
      .addOrderBy('alert.id', 'DESC')
      .limit(query.limit + 1)
      .getMany();
    const alerts = rows.slice(0, query.limit);
    const last = alerts.at(-1);
    const nextCursor =
      rows.length > query.limit && last ? encodeCursor({ at: last.matchedAt, id: last.id }) : null;
    return { alerts, nextCursor };
  }

  async get(caller: AccountScope, alertId: string): Promise<AlertEntity> {
    const alert = await this.database.manager.findOneBy(AlertEntity, {
      id: alertId,
      accountId: caller.accountId,
      matchedAt: MoreThanOrEqual(this.windowStart(caller)),
    });
    if (!alert) throw AppError.notFound('Alert');
    return alert;
  }

  private windowStart(caller: AccountScope): number {
    return daysBefore(this.clock.nowMs(), caller.limits.historyDays);
  }
}
