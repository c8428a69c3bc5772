import { errorCodeOf, retryAfterOf } from './graphql';

/** A rate_limited query is asked again this many times before its refusal is shown. */
const RATE_LIMITED_RETRIES = 3;

/** TanStack Query's own backoff, for a failure that names no wait. */
const backoffMs = (failures: number): number => Math.min(1000 * 2 ** failures, 30_000);

/**
 * The dashboard's queries. A page's query is read when the page opens, not again when the tab
 * shows again (a poll is: pollEvery). A failure to reach the server is worth a second try. A
 * rate_limited refusal (a poll, or several tabs at once) is asked again once its Retry-After has
 * passed, quietly: the page keeps what it shows, or its "Loading…", meanwhile. Any other refusal
 * stays a refusal.
 */
export const QUERY_DEFAULTS = {
  refetchOnWindowFocus: false,
  retry: (failures: number, error: unknown): boolean => {
    const code = errorCodeOf(error);
    if (code === 'unavailable') return failures < 2;
    return code === 'rate_limited' && failures < RATE_LIMITED_RETRIES;
  },
  retryDelay: (failures: number, error: unknown): number =>
    retryAfterOf(error) ?? backoffMs(failures),
};
