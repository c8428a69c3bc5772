import { graphql } from '../../gql';
import type { GettingStartedQuery } from '../../gql/graphql';

/**
 * What the Alerts page's checklist reads: the lists the other pages show, cut to what decides
 * each step, in one request.
 */
export const GETTING_STARTED_QUERY = graphql(`
  query GettingStarted {
    keywords {
      count
    }
    webhooks {
      nodes {
        id
        name
        format
        totalDeliveries
      }
    }
    emailSubscriptions {
      nodes {
        id
        email
        status
      }
    }
    feeds {
      enabled
    }
  }
`);

export const GETTING_STARTED_KEY = ['getting-started'];

export type ChecklistWebhook = GettingStartedQuery['webhooks']['nodes'][number];

export interface Progress {
  hasKeyword: boolean;
  /** A delivery channel exists: a webhook of any format, a subscription not ended, or a feed. */
  connected: boolean;
  /**
   * A channel has shown it reaches someone: a webhook with a successful delivery (a test counts),
   * a subscription whose address confirmed it (the confirmation mail arrived), or a feed (read
   * by its reader, nothing to push).
   */
  proven: boolean;
  webhooks: ChecklistWebhook[];
  /** Addresses still to confirm. */
  pendingEmails: string[];
  done: boolean;
}

export function progressOf(data: GettingStartedQuery): Progress {
  const webhooks = data.webhooks.nodes;
  const subscriptions = data.emailSubscriptions.nodes.filter(
    (subscription) => subscription.status !== 'unsubscribed',
  );
  const hasKeyword = data.keywords.count > 0;
  const proven =
    webhooks.some((webhook) => webhook.totalDeliveries > 0) ||
    subscriptions.some((subscription) => subscription.status === 'active') ||
    data.feeds.enabled;
  return {
    hasKeyword,
    connected: webhooks.length > 0 || subscriptions.length > 0 || data.feeds.enabled,
    proven,
    webhooks,
    pendingEmails: subscriptions
      .filter((subscription) => subscription.status === 'pending')
      .map((subscription) => subscription.email),
    done: hasKeyword && proven,
  };
}
