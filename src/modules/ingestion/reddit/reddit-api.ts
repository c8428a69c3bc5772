import type { RedditItem } from '../reddit-item.js';
import type { ListingKind } from './reddit-id.js';

export interface RedditCredentials {
  clientId: string;
  clientSecret: string;
}

export interface RedditApiSettings {
  /** e.g. https://oauth.reddit.com: listings and /api/info. */
  apiBase: string;
  /** e.g. https://www.reddit.com: POST /api/v1/access_token. */
  authBase: string;
  userAgent: string;
  credentials: readonly RedditCredentials[];
  requestTimeoutMs?: number;
  maxResponseBytes?: number;
}

export interface ListNewOptions {
  before?: string;
  after?: string;
  limit?: number;
}

export interface RedditListingPage {
  /** Normalised posts or comments, newest first as Reddit lists them. */
  items: RedditItem[];
  after: string | null;
  before: string | null;
}

export interface RedditApi {
  listNew(kind: ListingKind, options?: ListNewOptions): Promise<RedditListingPage>;
  /** Looks fullnames up, as many calls as needed; unknown or removed ones are silently absent. */
  info(fullnames: readonly string[]): Promise<RedditItem[]>;
  /** Requests the credentials' pacers let out right now. */
  availableRequests(now: number): number;
  nextRequestAt(now: number): number;
  readonly requestsPerMinute: number;
}

export const MAX_PAGE_SIZE = 100;
export const INFO_BATCH_SIZE = 100;
/** The whole exchange with Reddit, connection to last byte. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000;

export function toInfoBatches(fullnames: readonly string[]): string[][] {
  const batches: string[][] = [];
  for (let start = 0; start < fullnames.length; start += INFO_BATCH_SIZE) {
    batches.push(fullnames.slice(start, start + INFO_BATCH_SIZE));
  }
  return batches;
}
