import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { EmptyState } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { Field } from '../components/Field';
import { formatInstant, formatPercent } from '../components/format';
import { OnceSecret } from '../components/OnceSecret';
import { Page } from '../components/Page';
import { QueryState } from '../components/QueryState';
import { SelectField, type Choice } from '../components/SelectField';
import { useTestWebhook, WebhookTestStatus } from '../components/webhooks/webhook-test';
import { graphql } from '../gql';
import type { WebhookFormat, WebhookRetryPolicy, WebhooksQuery } from '../gql/graphql';
import { graphqlRequest } from '../app/graphql';
import { RoleNote, useMay } from '../app/roles';

const WEBHOOKS_QUERY = graphql(`
  query Webhooks {
    webhooks {
      nodes {
        id
        name
        url
        format
        retryPolicy
        active
        createdAt
        lastDeliveryAt
        lastError
        consecutiveFailures
        totalDeliveries
        successRate24h
      }
    }
  }
`);

const CREATE_WEBHOOK = graphql(`
  mutation CreateWebhook($input: CreateWebhookInput!) {
    createWebhook(input: $input) {
      secret
      webhook {
        id
        name
      }
    }
  }
`);

const UPDATE_WEBHOOK = graphql(`
  mutation UpdateWebhook($id: ID!, $input: UpdateWebhookInput!) {
    updateWebhook(id: $id, input: $input) {
      id
      active
      retryPolicy
    }
  }
`);

const ROTATE_SECRET = graphql(`
  mutation RotateWebhookSecret($id: ID!) {
    rotateWebhookSecret(id: $id) {
      secret
    }
  }
`);

const DELETE_WEBHOOK = graphql(`
  mutation DeleteWebhook($id: ID!) {
    deleteWebhook(id: $id) {
      id
      deleted
    }
  }
`);

type Webhook = WebhooksQuery['webhooks']['nodes'][number];
const WEBHOOKS_KEY = ['webhooks'];
const ADD_FORM = 'add-webhook';

const FORMAT_LABELS: Record<WebhookFormat, string> = {
  json: 'JSON (signed alert body)',
  slack: 'Slack message',
  discord: 'Discord message',
};
const FORMAT_CHOICES: Choice[] = Object.entries(FORMAT_LABELS).map(([value, label]) => ({
  value,
  label,
}));

const RETRY_LABELS: Record<WebhookRetryPolicy, string> = {
  none: 'None: one attempt per alert',
  standard: 'Retry failures: 5 s, 1 min, 10 min, 1 h, 6 h later',
};
const RETRY_CHOICES: Choice[] = Object.entries(RETRY_LABELS).map(([value, label]) => ({
  value,
  label,
}));

/** Chat platforms answer 429 when busy: their webhooks retry unless the person chose otherwise. */
const suggestedRetries = (format: WebhookFormat): WebhookRetryPolicy =>
  format === 'json' ? 'none' : 'standard';

/** How a receiver checks a delivery: the same check as examples/receiver.mjs. */
const verificationSnippet = (
  secret: string,
) => `import { createHmac, timingSafeEqual } from 'node:crypto';

// body: the raw request body (a Buffer), before any JSON parsing
function verified(body, signatureHeader) {
  const expected = Buffer.from(
    'sha256=' + createHmac('sha256', '${secret}').update(body).digest('hex'),
  );
  const given = Buffer.from(String(signatureHeader)); // the X-Webhook-Signature header
  return given.length === expected.length && timingSafeEqual(given, expected);
}`;

function NewSecret({ title, secret }: { title: string; secret: string }) {
  return (
    <OnceSecret title={title} secret={secret}>
      <details>
        <summary>Verify deliveries with it</summary>
        <pre className="snippet">{verificationSnippet(secret)}</pre>
      </details>
    </OnceSecret>
  );
}

/** `?format=slack` (the Alerts checklist's links) opens the form with that format chosen. */
function formatAsked(search: string): WebhookFormat {
  const asked = new URLSearchParams(search).get('format');
  return asked !== null && asked in FORMAT_LABELS ? (asked as WebhookFormat) : 'json';
}

function AddWebhook({
  initialFormat,
  onCreated,
}: {
  initialFormat: WebhookFormat;
  onCreated: (secret: string) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [format, setFormat] = useState(initialFormat);
  const [retryPolicy, setRetryPolicy] = useState(suggestedRetries(initialFormat));
  const [retriesChosen, setRetriesChosen] = useState(false);
  const create = useMutation({
    mutationFn: () =>
      graphqlRequest(CREATE_WEBHOOK, {
        input: { url, name: name.trim() || undefined, format, retryPolicy },
      }),
    onSuccess: ({ createWebhook }) => {
      setUrl('');
      setName('');
      setFormat('json');
      setRetryPolicy('none');
      setRetriesChosen(false);
      onCreated(createWebhook.secret);
      return queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <form id={ADD_FORM} className="card" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Add a webhook</h2>
      <Field
        label="URL"
        type="url"
        required
        value={url}
        placeholder="https://example.com/hooks/reddit"
        onChange={(e) => setUrl(e.target.value)}
      />
      <Field
        label="Name"
        value={name}
        maxLength={80}
        hint="Optional; the host name by default."
        onChange={(e) => setName(e.target.value)}
      />
      <SelectField
        label="Format"
        value={format}
        choices={FORMAT_CHOICES}
        onChange={(value) => {
          setFormat(value as WebhookFormat);
          if (!retriesChosen) setRetryPolicy(suggestedRetries(value as WebhookFormat));
        }}
      />
      <SelectField
        label="Retries"
        value={retryPolicy}
        choices={RETRY_CHOICES}
        hint="Suggested for Slack and Discord, which answer 429 when busy. Every retry keeps the delivery id, so a receiver can drop repeats."
        onChange={(value) => {
          setRetryPolicy(value as WebhookRetryPolicy);
          setRetriesChosen(true);
        }}
      />
      <ErrorNotice error={create.error} />
      <button type="submit" disabled={create.isPending}>
        Add webhook
      </button>
    </form>
  );
}

function WebhookCard({
  webhook,
  onSecret,
}: {
  webhook: Webhook;
  onSecret: (secret: string) => void;
}) {
  const may = useMay('member');
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
  const test = useTestWebhook(webhook.id, refresh);
  const toggle = useMutation({
    mutationFn: () =>
      graphqlRequest(UPDATE_WEBHOOK, { id: webhook.id, input: { active: !webhook.active } }),
    onSuccess: refresh,
  });
  const retries = useMutation({
    mutationFn: () =>
      graphqlRequest(UPDATE_WEBHOOK, {
        id: webhook.id,
        input: { retryPolicy: webhook.retryPolicy === 'none' ? 'standard' : 'none' },
      }),
    onSuccess: refresh,
  });
  const rotate = useMutation({
    mutationFn: () => graphqlRequest(ROTATE_SECRET, { id: webhook.id }),
    onSuccess: ({ rotateWebhookSecret }) => onSecret(rotateWebhookSecret.secret),
  });
  const remove = useMutation({
    mutationFn: () => graphqlRequest(DELETE_WEBHOOK, { id: webhook.id }),
    onSuccess: refresh,
  });
  return (
    <li className="card webhook">
      <article aria-labelledby={`webhook-${webhook.id}`}>
        <h2 id={`webhook-${webhook.id}`}>{webhook.name}</h2>
        <p className="url">{webhook.url}</p>
        <dl className="health">
          <dt>Format</dt>
          <dd>{FORMAT_LABELS[webhook.format]}</dd>
          <dt>Retries</dt>
          <dd>{RETRY_LABELS[webhook.retryPolicy]}</dd>
          <dt>Status</dt>
          <dd>{webhook.active ? 'Active' : 'Paused'}</dd>
          <dt>Success rate (24 h)</dt>
          <dd>{formatPercent(webhook.successRate24h)}</dd>
          <dt>Consecutive failures</dt>
          <dd>{webhook.consecutiveFailures}</dd>
          <dt>Last delivery</dt>
          <dd>{formatInstant(webhook.lastDeliveryAt)}</dd>
          <dt>Last error</dt>
          <dd>{webhook.lastError ?? 'none'}</dd>
          <dt>Delivered</dt>
          <dd>{webhook.totalDeliveries}</dd>
        </dl>
        <div className="actions">
          {may && (
            <>
              <button
                type="button"
                className="secondary"
                onClick={() => test.mutate()}
                disabled={test.isPending}
              >
                Test
              </button>
              <button type="button" className="secondary" onClick={() => toggle.mutate()}>
                {webhook.active ? 'Pause' : 'Resume'}
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => retries.mutate()}
                disabled={retries.isPending}
              >
                {webhook.retryPolicy === 'none' ? 'Turn retries on' : 'Turn retries off'}
              </button>
              <button
                type="button"
                className="secondary"
                onClick={() => {
                  if (window.confirm('Rotate the signing secret? The old one stops working.'))
                    rotate.mutate();
                }}
              >
                Rotate secret
              </button>
            </>
          )}
          <Link href={`/webhooks/${webhook.id}`}>
            Delivery log<span className="visually-hidden"> of {webhook.name}</span>
          </Link>
          {may && (
            <button
              type="button"
              className="danger"
              onClick={() => {
                if (window.confirm(`Delete the webhook “${webhook.name}”?`)) remove.mutate();
              }}
            >
              Delete
            </button>
          )}
        </div>
        <WebhookTestStatus result={test.data?.testWebhook} />
        <ErrorNotice
          error={test.error ?? toggle.error ?? retries.error ?? rotate.error ?? remove.error}
        />
      </article>
    </li>
  );
}

export function WebhooksPage() {
  const initialFormat = formatAsked(useSearch());
  const [secret, setSecret] = useState<{ title: string; secret: string } | null>(null);
  const webhooks = useQuery({
    queryKey: WEBHOOKS_KEY,
    queryFn: () => graphqlRequest(WEBHOOKS_QUERY),
  });
  const may = useMay('member');
  const nodes = webhooks.data?.webhooks.nodes ?? [];
  return (
    <Page title="Webhooks">
      <RoleNote needed="member" what="adding, testing and changing webhooks" />
      {may && (
        <AddWebhook
          key={initialFormat}
          initialFormat={initialFormat}
          onCreated={(value) =>
            setSecret({ title: 'Signing secret of the new webhook', secret: value })
          }
        />
      )}
      {secret && <NewSecret {...secret} />}
      <QueryState
        query={webhooks}
        empty={nodes.length === 0}
        emptyText={
          <EmptyState
            purpose="No webhooks yet. A webhook posts each alert to a URL as it matches: signed JSON to your own endpoint, or a message to a Slack or Discord channel."
            action={may ? { label: 'Set up your first webhook', formId: ADD_FORM } : undefined}
          />
        }
      >
        <ul className="cards" aria-label="Webhooks">
          {nodes.map((webhook) => (
            <WebhookCard
              key={webhook.id}
              webhook={webhook}
              onSecret={(value) =>
                setSecret({ title: `New signing secret of ${webhook.name}`, secret: value })
              }
            />
          ))}
        </ul>
      </QueryState>
    </Page>
  );
}
