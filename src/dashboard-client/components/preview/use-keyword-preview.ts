import {
  keepPreviousData,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { abortableGraphqlRequest, errorCodeOf } from '../../app/graphql';
import { graphql } from '../../gql';
import type { CreateKeywordInput } from '../../gql/graphql';
import { RequestBudget } from './request-budget';

const PREVIEW_KEYWORD = graphql(`
  query PreviewKeyword($input: CreateKeywordInput!) {
    previewKeyword(input: $input) {
      from
      to
      itemsSearched
      matches
      estimated
      perHour {
        hour
        matches
      }
      subreddits {
        subreddit
        matches
      }
      samples {
        event
        timestamp
        redditId
        title
        subreddit
        author
        selftext
        url
        comment
        highlights {
          field
          start
          end
        }
      }
      dailyCap
      daysOverCap
    }
  }
`);

/** A preview is asked for this long after the last change to the form. */
export const PREVIEW_DEBOUNCE_MS = 600;
/** Previews a minute, well under the server's PREVIEW_RATE_PER_MINUTE (10 by default). */
export const PREVIEWS_PER_MINUTE = 6;
/** After a rate_limited answer, the same preview is asked again this much later. */
export const RATE_LIMITED_RETRY_MS = 20_000;

/** One budget for the app (its QueryClient): the server counts previews per user, not per form. */
const budgets = new WeakMap<QueryClient, RequestBudget>();

function budgetOf(client: QueryClient): RequestBudget {
  let budget = budgets.get(client);
  if (budget === undefined) {
    budget = new RequestBudget(PREVIEWS_PER_MINUTE);
    budgets.set(client, budget);
  }
  return budget;
}

/**
 * The preview of `input`, asked for once the form has rested for PREVIEW_DEBOUNCE_MS and the
 * budget allows, only when its values changed, the request for older values canceled. `input`
 * null (a form that would be refused) asks for nothing. A rate_limited answer is retried later,
 * and says so in `waiting`.
 */
export function useKeywordPreview(input: CreateKeywordInput | null) {
  const wanted = input === null ? null : JSON.stringify(input);
  const [requested, setRequested] = useState<string | null>(null);
  const budget = budgetOf(useQueryClient());
  useEffect(() => {
    if (wanted === null || wanted === requested) return;
    const timer = setTimeout(
      () => setRequested(wanted),
      Math.max(PREVIEW_DEBOUNCE_MS, budget.waitMs(Date.now())),
    );
    return () => clearTimeout(timer);
  }, [wanted, requested, budget]);
  const query = useQuery({
    queryKey: ['keyword-preview', requested],
    queryFn: ({ signal }) => {
      budget.spend(Date.now());
      return abortableGraphqlRequest(signal, PREVIEW_KEYWORD, {
        input: JSON.parse(requested!) as CreateKeywordInput,
      });
    },
    enabled: wanted !== null && requested !== null,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: (_failures, error) => errorCodeOf(error) === 'rate_limited',
    retryDelay: RATE_LIMITED_RETRY_MS,
  });
  return {
    /** Nothing while the form would be refused. */
    preview: wanted === null ? undefined : query.data?.previewKeyword,
    /** The values shown are older than the form's. */
    updating: wanted !== null && (wanted !== requested || query.isFetching),
    waiting: errorCodeOf(query.failureReason) === 'rate_limited',
    error: wanted === null ? null : query.error,
  };
}
