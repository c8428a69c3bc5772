import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { Clock } from '../../common/time/clock.js';
import { daysBefore } from '../../common/time/timestamps.js';
import type { AccountScope } from '../auth/caller.js';
import type { AlertEntity } from './alert.entity.js';
import { AlertStore } from './alert.store.js';
import { encodeCursor } from '../../common/http/keyset-cursor.js';
import type { AlertQuery } from './alert-query.js';

export interface AlertPage {
  alerts: AlertEntity[];
  nextCursor: string | null;
}

@Injectable()
export class AlertsService {
  constructor(
    private readonly store: AlertStore,
    private readonly clock: Clock,
  ) {}

  /** Newest first, keyset-paginated (no OFFSET), inside the plan's history window. */
  async list(caller: AccountScope, query: AlertQuery): Promise<AlertPage> {
    const rows = await this.store.listPage(caller.accountId, this.windowStart(caller), query);
    const alerts = rows.slice(0, query.limit);
    const last = alerts.at(-1);
    const nextCursor =
      rows.length > query.limit && last ? encodeCursor({ at: last.matchedAt, id: last.id }) : null;
    return { alerts, nextCursor };
  }

  async get(caller: AccountScope, alertId: string): Promise<AlertEntity> {
    const alert = await this.store.findMatchedSince(
      caller.accountId,
      alertId,
      this.windowStart(caller),
    );
    if (!alert) throw AppError.notFound('Alert');
    return alert;
  }

  private windowStart(caller: AccountScope): number {
    return daysBefore(this.clock.nowMs(), caller.limits.historyDays);
  }
}
