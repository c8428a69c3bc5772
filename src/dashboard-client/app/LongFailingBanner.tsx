import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { formatInstant } from '../components/format';
import { graphql } from '../gql';
import { graphqlRequest } from './graphql';
import { pollEvery } from './polling';

const LONG_FAILING_QUERY = graphql(`
  query LongFailingWebhooks {
    longFailingWebhooks {
      id
      name
      failingSince
      lastError
    }
  }
`);

/** Under the Webhooks page's key, so its changes (a pause, a test that succeeds) refresh it too. */
const LONG_FAILING_KEY = ['webhooks', 'long-failing'];
/** A webhook that succeeded again leaves the banner within this, whatever page is open. */
const REFRESH_MS = 60_000;

/**
 * decisions section 16: the webhooks whose every attempt has failed for 3 days, at the top of every
 * page, until they succeed again or are paused. Nothing when there are none, or when the list
 * cannot be read: a page is never held up by it.
 */
export function LongFailingBanner() {
  const { data: webhooks } = useQuery({
    queryKey: LONG_FAILING_KEY,
    queryFn: async () => (await graphqlRequest(LONG_FAILING_QUERY)).longFailingWebhooks,
    ...pollEvery(REFRESH_MS),
  });
  if (webhooks === undefined || webhooks.length === 0) return null;
  const one = webhooks.length === 1;
  return (
    <section className="banner" aria-label="Failing webhooks">
      <p>
        <strong>
          {one ? 'A webhook has' : `${webhooks.length} webhooks have`} failed for 3 days or more.
        </strong>{' '}
        Every attempt to deliver to {one ? 'it' : 'them'} fails, and{' '}
        {one ? 'it stays' : 'they stay'} active: fix the receiver, or pause the webhook.
      </p>
      <ul>
        {webhooks.map((webhook) => (
          <li key={webhook.id}>
            <Link href={`/webhooks/${webhook.id}`}>{webhook.name}</Link>: failing since{' '}
            {formatInstant(webhook.failingSince)}
            {webhook.lastError !== null && <>, last error “{webhook.lastError}”</>}
          </li>
        ))}
      </ul>
    </section>
  );
}
