import { Injectable } from '@nestjs/common';
import { Counter, Registry } from 'prom-client';

/** Which in-memory index read the rows: the Alerts keyword matcher or the App inbox's. */
export type LiveIndex = 'alerts' | 'inbox';

/** Prometheus figures of the live matchers keeping in step with the database (GET /metrics). */
@Injectable()
export class LiveIndexMetrics {
  private readonly rowsRead: Counter<'index' | 'table'>;

  constructor(registry: Registry) {
    this.rowsRead = new Counter({
      name: 'alerts_live_index_rows_read_total',
      help: 'Rows the live matchers read to build and refresh their index, by table',
      labelNames: ['index', 'table'],
      registers: [registry],
    });
  }

  recordRowsRead(index: LiveIndex, table: string, rows: number): void {
    if (rows > 0) this.rowsRead.inc({ index, table }, rows);
  }
}
