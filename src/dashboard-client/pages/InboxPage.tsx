import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { EmptyState, emptyListText } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { formatInstant } from '../components/format';
import { LoadMore } from '../components/LoadMore';
import { Page } from '../components/Page';
import { QueryState } from '../components/QueryState';
import { SelectField } from '../components/SelectField';
import { graphql } from '../gql';
import type { InboxItemType, InboxQuery, InboxSort } from '../gql/graphql';
import { graphqlRequest } from '../app/graphql';
import { RoleNote, useMay } from '../app/roles';

const INBOX_QUERY = graphql(`
  query Inbox(
    $after: String
    $type: InboxItemType
    $unreadOnly: Boolean
    $minScore: Float
    $searchId: ID
    $sortBy: InboxSort
  ) {
    inbox(
      first: 50
      after: $after
      type: $type
      unreadOnly: $unreadOnly
      minScore: $minScore
      searchId: $searchId
      sortBy: $sortBy
    ) {
      edges {
        node {
          id
          type
          relevanceScore
          isRead
          isDeclined
          matchedKeyword
          postTitle
          postSubreddit
          postAuthor
          postUrl
          postScore
          postNumComments
          commentContent
          createdAt
        }
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`);

const SEARCHES_QUERY = graphql(`
  query SearchChoices {
    searches {
      id
      name
    }
  }
`);

const UPDATE_INBOX_ITEM = graphql(`
  mutation UpdateInboxItem($id: ID!, $input: UpdateInboxItemInput!) {
    updateInboxItem(id: $id, input: $input) {
      id
      isRead
      isDeclined
    }
  }
`);

type InboxItem = InboxQuery['inbox']['edges'][number]['node'];
interface InboxFilters {
  type?: InboxItemType;
  unreadOnly?: boolean;
  minScore?: number;
  searchId?: string;
  sortBy?: InboxSort;
}

const SORTS: Array<{ value: InboxSort; label: string }> = [
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
  { value: 'score_high', label: 'Highest score' },
  { value: 'score_low', label: 'Lowest score' },
  { value: 'upvotes', label: 'Most upvotes' },
  { value: 'comments', label: 'Most comments' },
];
const ITEM_TYPES = [
  { value: '', label: 'Any type' },
  { value: 'realtime', label: 'Realtime' },
  { value: 'seo', label: 'SEO' },
  { value: 'comment', label: 'Comment' },
];

function InboxEntry({ item }: { item: InboxItem }) {
  const may = useMay('member');
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: (input: { isRead?: boolean; isDeclined?: boolean }) =>
      graphqlRequest(UPDATE_INBOX_ITEM, { id: item.id, input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['inbox'] }),
  });
  return (
    <li className={`alert-item${item.isRead ? ' read' : ''}`}>
      <article aria-labelledby={`item-${item.id}`}>
        <h2 id={`item-${item.id}`} className="alert-title">
          {item.postTitle}
        </h2>
        <p className="meta">
          <span className="badge">score {item.relevanceScore}</span>{' '}
          <span className="badge">{item.type}</span> r/{item.postSubreddit} · u/{item.postAuthor} ·
          “{item.matchedKeyword}” · {formatInstant(item.createdAt)} · {item.postScore} upvotes ·{' '}
          {item.postNumComments} comments
          {item.isDeclined && <span className="badge warn"> declined</span>}
        </p>
        {item.commentContent && <p className="excerpt">{item.commentContent}</p>}
        <div className="actions">
          <a href={item.postUrl} target="_blank" rel="noopener noreferrer">
            Open on Reddit<span className="visually-hidden">: {item.postTitle}</span>
          </a>
          <button
            type="button"
            className="secondary"
            disabled={!may}
            onClick={() => update.mutate({ isRead: !item.isRead })}
          >
            {item.isRead ? 'Mark unread' : 'Mark read'}
          </button>
          <button
            type="button"
            className="secondary"
            disabled={!may}
            onClick={() => update.mutate({ isDeclined: !item.isDeclined })}
          >
            {item.isDeclined ? 'Undo decline' : 'Decline'}
          </button>
        </div>
        <ErrorNotice error={update.error} />
      </article>
    </li>
  );
}

export function InboxPage() {
  const id = useId();
  const [filters, setFilters] = useState<InboxFilters>({});
  const set = (change: InboxFilters) => setFilters({ ...filters, ...change });
  const searches = useQuery({
    queryKey: ['search-choices'],
    queryFn: () => graphqlRequest(SEARCHES_QUERY),
  });
  const pages = useInfiniteQuery({
    queryKey: ['inbox', filters],
    queryFn: ({ pageParam }) => graphqlRequest(INBOX_QUERY, { ...filters, after: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) =>
      last.inbox.pageInfo.hasNextPage ? (last.inbox.pageInfo.endCursor ?? undefined) : undefined,
  });
  const items =
    pages.data?.pages.flatMap((page) => page.inbox.edges.map((edge) => edge.node)) ?? [];
  return (
    <Page title="Inbox">
      <RoleNote needed="member" what="marking items read and declining them" />
      <form
        className="filters"
        role="search"
        aria-label="Filter the inbox"
        onSubmit={(e) => e.preventDefault()}
      >
        <SelectField
          label="Search"
          value={filters.searchId ?? ''}
          choices={[
            { value: '', label: 'All searches' },
            ...(searches.data?.searches.map((search) => ({
              value: search.id,
              label: search.name,
            })) ?? []),
          ]}
          onChange={(searchId) => set({ searchId: searchId || undefined })}
        />
        <SelectField
          label="Type"
          value={filters.type ?? ''}
          choices={ITEM_TYPES}
          onChange={(type) => set({ type: (type || undefined) as InboxItemType | undefined })}
        />
        <div className="field">
          <label htmlFor={`${id}-score`}>Minimum score</label>
          <input
            id={`${id}-score`}
            type="number"
            min={0}
            max={100}
            value={filters.minScore ?? ''}
            onChange={(e) =>
              set({ minScore: e.target.value === '' ? undefined : Number(e.target.value) })
            }
          />
        </div>
        <SelectField
          label="Sort by"
          value={filters.sortBy ?? 'newest'}
          choices={SORTS}
          onChange={(sortBy) => set({ sortBy: sortBy as InboxSort })}
        />
        <label className="check">
          <input
            type="checkbox"
            checked={filters.unreadOnly ?? false}
            onChange={(e) => set({ unreadOnly: e.target.checked || undefined })}
          />
          Unread only
        </label>
      </form>
      <QueryState
        query={pages}
        empty={items.length === 0}
        emptyText={emptyListText(
          filters,
          'Nothing in the inbox for these filters.',
          <EmptyState
            purpose="Nothing in the inbox yet. The inbox collects the posts and comments your searches find, scored for relevance; searches are made through the API with a key."
            action={{ label: 'Create an API key', href: '/api-keys' }}
          />,
        )}
      >
        <ol className="alerts" aria-label="Inbox items">
          {items.map((item) => (
            <InboxEntry key={item.id} item={item} />
          ))}
        </ol>
      </QueryState>
      <LoadMore pages={pages} label="Load more" />
    </Page>
  );
}
