import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'wouter';
import { ErrorNotice } from '../components/ErrorNotice';
import { formatInstant } from '../components/format';
import { LoadMore } from '../components/LoadMore';
import { Page } from '../components/Page';
import { QueryState } from '../components/QueryState';
import { SelectField } from '../components/SelectField';
import { graphql } from '../gql';
import type { DeliveryStatus, WebhookDeliveriesQuery } from '../gql/graphql';
import { graphqlRequest } from '../app/graphql';
import { RoleNote, useMay } from '../app/roles';

const WEBHOOK_QUERY = graphql(`
  query WebhookHeading($id: ID!) {
    webhook(id: $id) {
      id
      name
      url
    }
  }
`);

const DELIVERIES_QUERY = graphql(`
  query WebhookDeliveries($webhookId: ID!, $status: DeliveryStatus, $after: String) {
    webhookDeliveries(webhookId: $webhookId, status: $status, after: $after, first: 50) {
      edges {
        node {
          id
          alertId
          event
          status
          attempts
          responseStatus
          durationMs
          error
          createdAt
          lastAttemptAt
          nextAttemptAt
        }
      }
      pageInfo {
        endCursor
        hasNextPage
      }
    }
  }
`);

const ATTEMPTS_QUERY = graphql(`
  query DeliveryAttempts($webhookId: ID!, $deliveryId: ID!) {
    webhookDeliveryAttempts(webhookId: $webhookId, deliveryId: $deliveryId) {
      attempt
      trigger
      attemptedAt
      responseStatus
      error
      nextAttemptAt
    }
  }
`);

const REDELIVER = graphql(`
  mutation RedeliverDelivery($webhookId: ID!, $deliveryId: ID!) {
    redeliverWebhookDelivery(webhookId: $webhookId, deliveryId: $deliveryId) {
      queued
    }
  }
`);

type Delivery = WebhookDeliveriesQuery['webhookDeliveries']['edges'][number]['node'];
const STATUSES: DeliveryStatus[] = ['pending', 'succeeded', 'failed', 'canceled'];

/** The attempts of one delivery, read when the person opens them. */
function AttemptList({ webhookId, delivery }: { webhookId: string; delivery: Delivery }) {
  const [open, setOpen] = useState(false);
  const attempts = useQuery({
    queryKey: ['attempts', webhookId, delivery.id, delivery.attempts],
    queryFn: () => graphqlRequest(ATTEMPTS_QUERY, { webhookId, deliveryId: delivery.id }),
    enabled: open,
  });
  if (delivery.attempts === 0) return <>0</>;
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        {delivery.attempts}
        <span className="visually-hidden"> attempts: show each</span>
      </summary>
      <ErrorNotice error={attempts.error} />
      <ol className="attempts">
        {attempts.data?.webhookDeliveryAttempts.map((attempt) => (
          <li key={attempt.attempt} value={attempt.attempt}>
            {formatInstant(attempt.attemptedAt)} ({attempt.trigger}):{' '}
            {attempt.error ?? `HTTP ${attempt.responseStatus}`}
            {attempt.nextAttemptAt && `; retry at ${formatInstant(attempt.nextAttemptAt)}`}
          </li>
        ))}
      </ol>
    </details>
  );
}

function DeliveryRow({ webhookId, delivery }: { webhookId: string; delivery: Delivery }) {
  const may = useMay('member');
  const queryClient = useQueryClient();
  const redeliver = useMutation({
    mutationFn: () => graphqlRequest(REDELIVER, { webhookId, deliveryId: delivery.id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['deliveries', webhookId] }),
  });
  return (
    <tr>
      <td>{formatInstant(delivery.createdAt)}</td>
      <td>{delivery.event}</td>
      <td>
        <span className={`badge ${delivery.status}`}>{delivery.status}</span>
        {delivery.nextAttemptAt && (
          <span className="hint"> retry at {formatInstant(delivery.nextAttemptAt)}</span>
        )}
      </td>
      <td>{delivery.responseStatus ?? '—'}</td>
      <td>
        <AttemptList webhookId={webhookId} delivery={delivery} />
      </td>
      <td>{delivery.durationMs === null ? '—' : `${delivery.durationMs} ms`}</td>
      <td>{delivery.error ?? ''}</td>
      <td>
        <button
          type="button"
          className="secondary"
          disabled={!may || redeliver.isPending || redeliver.isSuccess}
          onClick={() => redeliver.mutate()}
        >
          {redeliver.isSuccess ? 'Queued' : 'Redeliver'}
        </button>
        <ErrorNotice error={redeliver.error} />
      </td>
    </tr>
  );
}

export function WebhookDeliveriesPage({ webhookId }: { webhookId: string }) {
  const [status, setStatus] = useState<DeliveryStatus | ''>('');
  const webhook = useQuery({
    queryKey: ['webhook', webhookId],
    queryFn: () => graphqlRequest(WEBHOOK_QUERY, { id: webhookId }),
  });
  const deliveries = useInfiniteQuery({
    queryKey: ['deliveries', webhookId, status],
    queryFn: ({ pageParam }) =>
      graphqlRequest(DELIVERIES_QUERY, {
        webhookId,
        status: status || undefined,
        after: pageParam,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) =>
      last.webhookDeliveries.pageInfo.hasNextPage
        ? (last.webhookDeliveries.pageInfo.endCursor ?? undefined)
        : undefined,
  });
  const rows = deliveries.data?.pages.flatMap((page) => page.webhookDeliveries.edges) ?? [];
  const name = webhook.data?.webhook.name ?? 'Webhook';
  return (
    <Page title={`Deliveries of ${name}`}>
      <p>
        <Link href="/webhooks">Back to the webhooks</Link>
        {webhook.data && <span className="url"> · {webhook.data.webhook.url}</span>}
      </p>
      <ErrorNotice error={webhook.error} />
      <RoleNote needed="member" what="redelivering" />
      <div className="filters">
        <SelectField
          label="Status"
          value={status}
          choices={[
            { value: '', label: 'Any status' },
            ...STATUSES.map((value) => ({ value, label: value })),
          ]}
          onChange={(value) => setStatus(value as DeliveryStatus | '')}
        />
      </div>
      <QueryState
        query={deliveries}
        empty={rows.length === 0}
        emptyText={<>No deliveries{status && ` with status ${status}`}.</>}
      >
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Deliveries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">HTTP status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Duration</th>
                <th scope="col">Error</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ node }) => (
                <DeliveryRow key={node.id} webhookId={webhookId} delivery={node} />
              ))}
            </tbody>
          </table>
        </div>
      </QueryState>
      <LoadMore pages={deliveries} label="Load older deliveries" />
    </Page>
  );
}
