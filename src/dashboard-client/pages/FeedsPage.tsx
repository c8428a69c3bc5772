import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CopyButton } from '../components/CopyButton';
import { ErrorNotice } from '../components/ErrorNotice';
import { formatInstant } from '../components/format';
import { Page } from '../components/Page';
import { graphql } from '../gql';
import { graphqlRequest } from '../app/graphql';
import { RoleNote, useMay } from '../app/roles';

const FEEDS_QUERY = graphql(`
  query Feeds {
    feeds {
      enabled
      createdAt
      tokenPrefix
    }
  }
`);

const ROTATE_FEED_TOKEN = graphql(`
  mutation RotateFeedToken {
    rotateFeedToken {
      rssUrl
      atomUrl
    }
  }
`);

const FEEDS_KEY = ['feeds'];

function FeedUrl({ label, url }: { label: string; url: string }) {
  return (
    <div className="field">
      <label>
        {label}
        <input readOnly value={url} onFocus={(e) => e.target.select()} />
      </label>
      <CopyButton text={url} label={`Copy the ${label}`} />
    </div>
  );
}

/**
 * The feed URLs carry a token of which the server keeps only a hash: they are shown once, when
 * the token is issued or rotated.
 */
export function FeedsPage() {
  const queryClient = useQueryClient();
  const feeds = useQuery({ queryKey: FEEDS_KEY, queryFn: () => graphqlRequest(FEEDS_QUERY) });
  const rotate = useMutation({
    mutationFn: () => graphqlRequest(ROTATE_FEED_TOKEN),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: FEEDS_KEY }),
  });
  const enabled = feeds.data?.feeds.enabled ?? false;
  const urls = rotate.data?.rotateFeedToken;
  const may = useMay('member');
  return (
    <Page title="Feeds">
      <p>
        Your alerts as RSS and Atom, for any feed reader. The token in the feed URLs is their only
        key: rotate it if a URL leaks, and the old URLs stop working at once.
      </p>
      <ErrorNotice error={feeds.error} />
      <RoleNote needed="member" what="creating and rotating the feed URLs" />
      {feeds.data && (
        <p>
          {enabled
            ? `Feed token ${feeds.data.feeds.tokenPrefix}… issued ${formatInstant(feeds.data.feeds.createdAt)}.`
            : may
              ? 'No feed token yet. “Create feed URLs” makes an RSS and an Atom URL to add to a feed reader.'
              : 'No feed token yet.'}
        </p>
      )}
      {urls?.rssUrl && urls.atomUrl && (
        <section className="once-secret" aria-label="Your feed URLs">
          <h2>Your feed URLs</h2>
          <p>Copy them now: they are shown once and never again.</p>
          <FeedUrl label="RSS URL" url={urls.rssUrl} />
          <FeedUrl label="Atom URL" url={urls.atomUrl} />
        </section>
      )}
      {may && (
        <button
          type="button"
          className={enabled ? 'secondary' : undefined}
          disabled={rotate.isPending || feeds.isPending}
          onClick={() => {
            if (
              !enabled ||
              window.confirm('Rotate the feed token? The current feed URLs stop working.')
            ) {
              rotate.mutate();
            }
          }}
        >
          {enabled ? 'Rotate token' : 'Create feed URLs'}
        </button>
      )}
      <ErrorNotice error={rotate.error} />
    </Page>
  );
}
