import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { ErrorNotice } from '../components/ErrorNotice';
import { formatInstant } from '../components/format';
import { Page } from '../components/Page';
import { graphql } from '../gql';
import type { AlertEvent } from '../gql/graphql';
import { graphqlRequest } from '../app/graphql';
import { ALERTS_QUERY, alertsKey, type Alert, type AlertFilters } from './alerts-query';
import { useLiveAlerts } from './live-alerts';

const KEYWORD_CHOICES = graphql(`
  query KeywordChoices {
    keywords {
      nodes {
        id
        text
      }
    }
  }
`);

const PAGE_SIZE = 50;

function AlertItem({ alert }: { alert: Alert }) {
  return (
    <li className="alert-item">
      <article aria-labelledby={`alert-${alert.id}`}>
        <h2 id={`alert-${alert.id}`} className="alert-title">
          {alert.title}
        </h2>
        <p className="meta">
          <span className="badge">{alert.event}</span> r/{alert.subreddit} · u/{alert.author} ·
          keyword “{alert.keywordText}” · {formatInstant(alert.timestamp)}
        </p>
        {alert.comment && <p className="excerpt">{alert.comment}</p>}
        <p>
          <a href={alert.url} target="_blank" rel="noopener noreferrer">
            Open on Reddit<span className="visually-hidden">: {alert.title}</span>
          </a>
        </p>
        <details>
          <summary>Full payload</summary>
          <pre className="payload">{JSON.stringify(alert, null, 2)}</pre>
        </details>
      </article>
    </li>
  );
}

function Filters({
  value,
  onChange,
}: {
  value: AlertFilters;
  onChange: (filters: AlertFilters) => void;
}) {
  const id = useId();
  const keywords = useQuery({
    queryKey: ['keyword-choices'],
    queryFn: () => graphqlRequest(KEYWORD_CHOICES),
  });
  const [subreddit, setSubreddit] = useState(value.subreddit ?? '');
  // The subreddit applies on Enter or when the field is left, not at every keystroke.
  const applySubreddit = () => onChange({ ...value, subreddit: subreddit.trim() || undefined });
  return (
    <form
      className="filters"
      role="search"
      aria-label="Filter alerts"
      onSubmit={(event) => {
        event.preventDefault();
        applySubreddit();
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-keyword`}>Keyword</label>
        <select
          id={`${id}-keyword`}
          value={value.keywordId ?? ''}
          onChange={(e) => onChange({ ...value, keywordId: e.target.value || undefined })}
        >
          <option value="">All keywords</option>
          {keywords.data?.keywords.nodes.map((keyword) => (
            <option key={keyword.id} value={keyword.id}>
              {keyword.text}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-type`}>Type</label>
        <select
          id={`${id}-type`}
          value={value.type ?? ''}
          onChange={(e) =>
            onChange({ ...value, type: (e.target.value || undefined) as AlertEvent | undefined })
          }
        >
          <option value="">Posts and comments</option>
          <option value="post">Posts</option>
          <option value="comment">Comments</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-subreddit`}>Subreddit</label>
        <input
          id={`${id}-subreddit`}
          value={subreddit}
          placeholder="any"
          onChange={(e) => setSubreddit(e.target.value)}
          onBlur={applySubreddit}
        />
      </div>
    </form>
  );
}

/** Newest first, keyset pages, and new alerts added as they arrive (live-alerts.ts). */
export function AlertsPage() {
  const [filters, setFilters] = useState<AlertFilters>({});
  const pages = useInfiniteQuery({
    queryKey: alertsKey(filters),
    queryFn: ({ pageParam }) =>
      graphqlRequest(ALERTS_QUERY, { ...filters, first: PAGE_SIZE, after: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) =>
      last.alerts.pageInfo.hasNextPage ? (last.alerts.pageInfo.endCursor ?? undefined) : undefined,
  });
  const alerts = useMemo(
    () => pages.data?.pages.flatMap((page) => page.alerts.edges.map((edge) => edge.node)) ?? [],
    [pages.data],
  );
  useLiveAlerts(filters, alerts[0]?.timestamp, pages.isSuccess);
  return (
    <Page title="Alerts">
      <Filters value={filters} onChange={setFilters} />
      <ErrorNotice error={pages.error} />
      {pages.isPending ? (
        <p className="loading">Loading…</p>
      ) : alerts.length === 0 ? (
        <p className="empty">
          No alerts yet. New ones appear here as soon as they match, without reloading.
        </p>
      ) : (
        <ol className="alerts" aria-label="Alerts, newest first">
          {alerts.map((alert) => (
            <AlertItem key={alert.id} alert={alert} />
          ))}
        </ol>
      )}
      {pages.hasNextPage && (
        <button
          type="button"
          className="secondary"
          disabled={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          Load older alerts
        </button>
      )}
    </Page>
  );
}
