import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { EmptyState, emptyListText } from '../components/EmptyState';
import { formatInstant } from '../components/format';
import { LoadMore } from '../components/LoadMore';
import { Page } from '../components/Page';
import { QueryState } from '../components/QueryState';
import { SelectField } from '../components/SelectField';
import { graphql } from '../gql';
import type { AlertEvent } from '../gql/graphql';
import { graphqlRequest } from '../app/graphql';
import { ALERTS_QUERY, alertsKey, type Alert, type AlertFilters } from './alerts-query';
import { GettingStarted } from './getting-started/GettingStarted';
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
const EXCERPT_LENGTH = 280;

/** The start of a comment or a post's text; the full text is in the webhook payload below it. */
const excerpt = (text: string) =>
  text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH).trimEnd()}…` : text;
const ALERT_TYPES = [
  { value: '', label: 'Posts and comments' },
  { value: 'post', label: 'Posts' },
  { value: 'comment', label: 'Comments' },
];

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
        <p className="excerpt">{excerpt(alert.comment ?? alert.selftext)}</p>
        <p>
          <a href={alert.url} target="_blank" rel="noopener noreferrer">
            Open on Reddit<span className="visually-hidden">: {alert.title}</span>
          </a>
        </p>
        <details>
          <summary>Full payload</summary>
          <pre className="payload">{JSON.stringify(JSON.parse(alert.webhookPayload), null, 2)}</pre>
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
      <SelectField
        label="Keyword"
        value={value.keywordId ?? ''}
        choices={[
          { value: '', label: 'All keywords' },
          ...(keywords.data?.keywords.nodes.map((k) => ({ value: k.id, label: k.text })) ?? []),
        ]}
        onChange={(keywordId) => onChange({ ...value, keywordId: keywordId || undefined })}
      />
      <SelectField
        label="Type"
        value={value.type ?? ''}
        choices={ALERT_TYPES}
        onChange={(type) =>
          onChange({ ...value, type: (type || undefined) as AlertEvent | undefined })
        }
      />
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
      <GettingStarted />
      <Filters value={filters} onChange={setFilters} />
      <QueryState
        query={pages}
        empty={alerts.length === 0}
        emptyText={emptyListText(
          filters,
          'No alerts match these filters.',
          <EmptyState
            purpose="No alerts yet. An alert is a Reddit post or comment that matched one of your keywords; new ones appear here as they match, without reloading."
            action={{ label: 'Manage keywords', href: '/keywords' }}
          />,
        )}
      >
        <ol className="alerts" aria-label="Alerts, newest first">
          {alerts.map((alert) => (
            <AlertItem key={alert.id} alert={alert} />
          ))}
        </ol>
      </QueryState>
      <LoadMore pages={pages} label="Load older alerts" />
    </Page>
  );
}
