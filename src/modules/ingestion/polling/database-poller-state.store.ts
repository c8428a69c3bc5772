import { Injectable } from '@nestjs/common';
import { Clock } from '../../../common/time/clock.js';
import { Database } from '../../../database/database.js';
import type { PollerState, PollerStateStore } from '../reddit/poller-state.js';
import { emptyPollerState } from '../reddit/poller-state.js';
import type { IdRange } from '../reddit/id-ranges.js';
import { emptyWalkState } from '../reddit/id-walk.js';
import type { ListingKind } from '../reddit/reddit-id.js';

const STATE_NAME = 'reddit_poller';

/** The poller's walk positions, retries, backfill and coverage totals: one JSON row of ingest_state. */
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

interface StoredBeforeTheWalk {
  listings?: Partial<
    Record<ListingKind, { mark: { numericId: number } | null; pendingHoles: IdRange[] }>
  >;
}

/**
 * Counters added in a later version start at zero. A state from before the id walk (listing marks
 * and pending holes) becomes walks that go on after each mark, with the holes as backfill.
 */
function parsePollerState(json: string): PollerState {
  const empty = emptyPollerState();
  const stored = JSON.parse(json) as Partial<PollerState> & StoredBeforeTheWalk;
  const walks = { ...empty.walks, ...stored.walks };
  if (stored.walks === undefined && stored.listings !== undefined) {
    for (const kind of ['posts', 'comments'] as const) {
      const listing = stored.listings[kind];
      if (listing?.mark) {
        walks[kind] = {
          ...emptyWalkState(),
          frontier: listing.mark.numericId + 1,
          backfill: listing.pendingHoles,
        };
      }
    }
  }
  return { walks, coverage: { ...empty.coverage, ...stored.coverage } };
}
