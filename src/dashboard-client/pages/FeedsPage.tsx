import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CopyButton } from '../components/CopyButton';
import { ErrorNotice } from '../components/ErrorNotice';
import { Page } from '../components/Page';
import { graphql } from '../gql';
import { graphqlRequest } from '../app/graphql';

const FEEDS_QUERY = graphql(`
  query Feeds {
    feeds {
      rssUrl
      atomUrl
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
      <CopyButton text={url} label={`Copy ${label}`} />
    </div>
  );
}

export function FeedsPage() {
  const queryClient = useQueryClient();
  const feeds = useQuery({ queryKey: FEEDS_KEY, queryFn: () => graphqlRequest(FEEDS_QUERY) });
  const rotate = useMutation({
    mutationFn: () => graphqlRequest(ROTATE_FEED_TOKEN),
    onSuccess: ({ rotateFeedToken }) =>
      queryClient.setQueryData(FEEDS_KEY, { feeds: rotateFeedToken }),
  });
  return (
    <Page title="Feeds">
      <p>
        Your alerts as RSS and Atom, for any feed reader. The token in these URLs is their only key:
        rotate it if a URL leaks, and the old URLs stop working.
      </p>
      <ErrorNotice error={feeds.error} />
      {feeds.data && (
        <>
          <FeedUrl label="RSS URL" url={feeds.data.feeds.rssUrl} />
          <FeedUrl label="Atom URL" url={feeds.data.feeds.atomUrl} />
        </>
      )}
      <button
        type="button"
        className="secondary"
        disabled={rotate.isPending}
        onClick={() => {
          if (window.confirm('Rotate the feed token? The current feed URLs stop working.'))
            rotate.mutate();
        }}
      >
        Rotate token
      </button>
      <ErrorNotice error={rotate.error} />
    </Page>
  );
}
