import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatInstant } from '../components/format';
import { LoadMore } from '../components/LoadMore';
import { ScrollTable } from '../components/ScrollTable';
import { Page } from '../components/Page';
import { QueryState } from '../components/QueryState';
import { SelectField } from '../components/SelectField';
import { graphql } from '../gql';
import type { AuditLogQuery } from '../gql/graphql';
import { graphqlRequest } from '../app/graphql';
import { RoleNote, useMay } from '../app/roles';

const AUDIT_LOG_QUERY = graphql(`
  query AuditLog($after: String, $actor: String, $resourceType: String) {
    auditLog(first: 50, after: $after, actor: $actor, resourceType: $resourceType) {
      edges {
        node {
          id
          at
          actor {
            type
            label
          }
          action
          resourceType
          resourceId
          before
          after
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

type Entry = AuditLogQuery['auditLog']['edges'][number]['node'];

const RESOURCE_TYPES = [
  'keyword',
  'webhook',
  'email_subscription',
  'feed_token',
  'user',
  'api_key',
  'sso_settings',
];

/** A changed field's value as the table shows it: lists joined, text as it is. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.join(', ');
  return String(value);
}

/** Each changed field on a line: `name: before → after`. */
function Changes({ entry }: { entry: Entry }) {
  const before = entry.before === null ? {} : (JSON.parse(entry.before) as Record<string, unknown>);
  const after = entry.after === null ? {} : (JSON.parse(entry.after) as Record<string, unknown>);
  const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return (
    <ul className="changes">
      {names.map((name) => (
        <li key={name}>
          <strong>{name}</strong>: {entry.before !== null && <>{shown(before[name])} → </>}
          {entry.after === null ? '(removed)' : shown(after[name])}
        </li>
      ))}
    </ul>
  );
}

/** The account's audit log (decisions section 15): who changed what, when, newest first. */
export function AuditLogPage() {
  const mayRead = useMay('admin');
  const [actor, setActor] = useState('');
  const [resourceType, setResourceType] = useState('');
  const entries = useInfiniteQuery({
    queryKey: ['audit-log', actor, resourceType],
    queryFn: ({ pageParam }) =>
      graphqlRequest(AUDIT_LOG_QUERY, {
        after: pageParam,
        actor: actor.trim() || undefined,
        resourceType: resourceType || undefined,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) =>
      last.auditLog.pageInfo.hasNextPage
        ? (last.auditLog.pageInfo.endCursor ?? undefined)
        : undefined,
    enabled: mayRead,
  });
  const rows = entries.data?.pages.flatMap((page) => page.auditLog.edges) ?? [];
  if (!mayRead) {
    return (
      <Page title="Audit log">
        <RoleNote needed="admin" what="reading the audit log" />
      </Page>
    );
  }
  return (
    <Page title="Audit log">
      <p>
        Every change a user or an API key made to the account, newest first. Secrets are never
        shown.
      </p>
      <form className="filters" onSubmit={(event) => event.preventDefault()}>
        <div className="field">
          <label htmlFor="audit-actor">Who</label>
          <input
            id="audit-actor"
            type="search"
            placeholder="email or key prefix"
            defaultValue={actor}
            onBlur={(event) => setActor(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') setActor(event.currentTarget.value);
            }}
          />
        </div>
        <SelectField
          label="Resource"
          value={resourceType}
          choices={[
            { value: '', label: 'Any resource' },
            ...RESOURCE_TYPES.map((value) => ({ value, label: value })),
          ]}
          onChange={setResourceType}
        />
      </form>
      <QueryState query={entries} empty={rows.length === 0} emptyText="No changes recorded.">
        <ScrollTable
          label="Changes"
          caption="Changes, newest first"
          columns={['When', 'Who', 'What', 'Resource', 'Changes']}
        >
          {rows.map(({ node }) => (
            <tr key={node.id}>
              <td>{formatInstant(node.at)}</td>
              <td>
                {node.actor.label}
                {node.actor.type === 'api_key' && ' (API key)'}
              </td>
              <td>{node.action}</td>
              <td>
                {node.resourceType} <span className="id">{node.resourceId}</span>
              </td>
              <td>
                <Changes entry={node} />
              </td>
            </tr>
          ))}
        </ScrollTable>
      </QueryState>
      <LoadMore pages={entries} label="Load older changes" />
    </Page>
  );
}
