import { graphql } from '../../../gql';
import type { OpsAccountQuery } from '../../../gql/graphql';

/** Everything the account page shows, in one query (each list read only when asked for). */
export const OPS_ACCOUNT = graphql(`
  query OpsAccount($id: ID!) {
    opsAccount(id: $id) {
      account {
        id
        name
        product
        plan
        status
        createdAt
        keywordLimit
        activeKeywords
        alertsToday
        cappedToday
        webhooks
        failingWebhooks
      }
      keywords {
        id
        text
        mode
        active
        subreddits
        excludeSubreddits
        exclude
        excludeAuthors
      }
      webhooks {
        id
        name
        host
        active
        consecutiveFailures
        lastError
        lastDeliveryAt
      }
      usage {
        date
        delivered
        capped
      }
      users {
        id
        email
        createdAt
      }
      apiKeys {
        id
        prefix
        createdAt
        lastUsedAt
        revokedAt
        scope
        expiresAt
      }
      auditEntries {
        id
        at
        operatorEmail
        action
        target
        before
        after
      }
    }
  }
`);

export type Detail = OpsAccountQuery['opsAccount'];
