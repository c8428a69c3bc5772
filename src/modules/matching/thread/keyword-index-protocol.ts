import type { MatchInput } from '../keyword-matcher.js';
import type { IndexActivity, ItemMatches, MatchedKeyword } from '../live/live-keyword-index.js';

/** What the application thread asks of the keyword index thread (keyword-index-thread.ts). */
export type IndexQuestion =
  | { op: 'refresh' }
  | { op: 'reset' }
  /** `withPending`: each item's pending keywords too (ItemMatches instead of MatchedKeyword[]). */
  | { op: 'match'; inputs: MatchInput[]; withPending?: boolean }
  | { op: 'close' };

export type IndexRequest = IndexQuestion & { id: number };

/** After a refresh: what the index read since the last answer, and how many keywords it holds. */
export interface RefreshAnswer {
  activity: IndexActivity;
  size: number;
}

/** An error as it crosses the threads: its message, and the driver's code `isFailingDatabaseError` reads. */
export interface ThreadError {
  message: string;
  code?: string;
}

export type IndexResult = RefreshAnswer | MatchedKeyword[][] | ItemMatches[] | null;

export type IndexReply =
  { id: number; ok: true; result: IndexResult } | { id: number; ok: false; error: ThreadError };

/**
 * What the thread is started with; what is not given it reads from the environment as the
 * application does (DATABASE_URL, DATABASE_STATEMENT_TIMEOUT_MS).
 */
export interface IndexThreadData {
  databaseUrl?: string;
  statementTimeoutMs?: number;
}
