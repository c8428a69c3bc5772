import { graphql } from '../gql';
import type { AlertEvent, AlertsQuery } from '../gql/graphql';

export const ALERTS_QUERY = graphql(`
  query Alerts(
    $first: Int
    $after: String
    $since: String
    $keywordId: ID
    $type: AlertEvent
    $subreddit: String
  ) {
    alerts(
      first: $first
      after: $after
      since: $since
      keywordId: $keywordId
      type: $type
      subreddit: $subreddit
    ) {
      edges {
        node {
          id
          event
          timestamp
          redditId
          title
          subreddit
          author
          selftext
          comment
          url
          keywordId
          keywordText
          relevanceScore
          upvotes
          replies
          createdUtc
          webhookPayload
        }
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`);

export type Alert = AlertsQuery['alerts']['edges'][number]['node'];
export interface AlertFilters {
  keywordId?: string;
  type?: AlertEvent;
  subreddit?: string;
}

export const alertsKey = (filters: AlertFilters) => ['alerts', filters] as const;
