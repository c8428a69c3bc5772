import { Injectable } from '@nestjs/common';
import { Counter, Registry } from 'prom-client';

/** The re-checks of `score:` and `comments:` on GET /metrics; counters count this process's work. */
@Injectable()
export class RecheckMetrics {
  private readonly checked: Counter;
  private readonly alerts: Counter;
  private readonly requests: Counter;

  constructor(registry: Registry) {
    this.checked = new Counter({
      name: 'alerts_reddit_rechecks_total',
      help: 'Keyword × item re-checks of score: and comments: clauses done (at +1 h or +6 h)',
      registers: [registry],
    });
    this.alerts = new Counter({
      name: 'alerts_reddit_recheck_alerts_total',
      help: 'Alerts stored by re-checks: items whose score or comment count grew to pass',
      registers: [registry],
    });
    this.requests = new Counter({
      name: 'alerts_reddit_recheck_requests_total',
      help: '/api/info requests sent by the re-checks (at most a tenth of the credentials’ budget)',
      registers: [registry],
    });
  }

  recorded({ checked, alerts, requests }: { checked: number; alerts: number; requests: number }) {
    if (checked > 0) this.checked.inc(checked);
    if (alerts > 0) this.alerts.inc(alerts);
    if (requests > 0) this.requests.inc(requests);
  }
}
