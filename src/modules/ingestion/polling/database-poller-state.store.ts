import { Injectable } from '@nestjs/common';
import { Clock } from '../../../common/time/clock.js';
import { Database } from '../../../database/database.js';
import type { PollerState, PollerStateStore } from '../reddit/poller-state.js';
import { emptyPollerState } from '../reddit/poller-state.js';

const STATE_NAME = 'reddit_poller';

/** The poller's marks, pending holes and coverage totals: one JSON row of ingest_state. */
@Injectable()
export class DatabasePollerStateStore implements PollerStateStore {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  async load(): Promise<PollerState> {
    const [row] = await this.database.query<{ value: string }>(
      this.database.manager,
      'SELECT value FROM ingest_state WHERE name = :name',
      { name: STATE_NAME },
    );
    return row === undefined ? emptyPollerState() : parsePollerState(row.value);
  }

  async save(state: PollerState): Promise<void> {
    // A transaction even for one statement: on SQLite it is what serialises writers.
    await this.database.transaction((manager) =>
      this.database.query(
        manager,
        `INSERT INTO ingest_state (name, value, updated_at) VALUES (:name, :value, :now)
         ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
        { name: STATE_NAME, value: JSON.stringify(state), now: this.clock.nowMs() },
      ),
    );
  }
}

/** Counters added in a later version start at zero instead of being undefined. */
function parsePollerState(json: string): PollerState {
  const empty = emptyPollerState();
  const stored = JSON.parse(json) as Partial<PollerState>;
  return {
    listings: { ...empty.listings, ...stored.listings },
    coverage: { ...empty.coverage, ...stored.coverage },
  };
}
