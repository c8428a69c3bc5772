import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { EmptyState } from '../components/EmptyState';
import { ErrorNotice } from '../components/ErrorNotice';
import { Field } from '../components/Field';
import { formatInstant } from '../components/format';
import { Page } from '../components/Page';
import { QueryState } from '../components/QueryState';
import { SelectField } from '../components/SelectField';
import { graphql } from '../gql';
import type { EmailSubscriptionsQuery } from '../gql/graphql';
import { graphqlRequest } from '../app/graphql';
import { RoleNote, useMay } from '../app/roles';

const EMAIL_SUBSCRIPTIONS_QUERY = graphql(`
  query EmailSubscriptions {
    emailSubscriptions {
      nodes {
        id
        email
        frequency
        keywordIds
        status
        createdAt
        confirmedAt
        lastSentAt
        lastError
        lastErrorAt
      }
    }
    keywords {
      nodes {
        id
        text
      }
    }
  }
`);

const CREATE_EMAIL_SUBSCRIPTION = graphql(`
  mutation CreateEmailSubscription($input: CreateEmailSubscriptionInput!) {
    createEmailSubscription(input: $input) {
      id
      email
    }
  }
`);

const DELETE_EMAIL_SUBSCRIPTION = graphql(`
  mutation DeleteEmailSubscription($id: ID!) {
    deleteEmailSubscription(id: $id) {
      id
      deleted
    }
  }
`);

type Subscription = EmailSubscriptionsQuery['emailSubscriptions']['nodes'][number];
type Keyword = EmailSubscriptionsQuery['keywords']['nodes'][number];
const EMAIL_KEY = ['email-subscriptions'];
const ADD_FORM = 'add-email-subscription';

const FREQUENCIES = [
  { value: 'instant', label: 'Instant: a mail as alerts arrive' },
  { value: 'hourly', label: 'Hourly digest' },
  { value: 'daily', label: 'Daily digest (00:00 UTC)' },
];

const STATUS_TEXT: Record<string, string> = {
  pending: 'Waiting for the address to confirm',
  active: 'Active',
  unsubscribed: 'Unsubscribed by the recipient',
};

function AddSubscription({
  keywords,
  onCreated,
}: {
  keywords: Keyword[];
  onCreated: (email: string) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [frequency, setFrequency] = useState('daily');
  const [chosen, setChosen] = useState<string[]>([]);
  const create = useMutation({
    mutationFn: () =>
      graphqlRequest(CREATE_EMAIL_SUBSCRIPTION, {
        input: { email, frequency, keywordIds: chosen },
      }),
    onSuccess: ({ createEmailSubscription }) => {
      setEmail('');
      setChosen([]);
      onCreated(createEmailSubscription.email);
      return queryClient.invalidateQueries({ queryKey: EMAIL_KEY });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const toggle = (keywordId: string, on: boolean) =>
    setChosen((ids) => (on ? [...ids, keywordId] : ids.filter((other) => other !== keywordId)));
  return (
    <form id={ADD_FORM} className="card" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Add an email subscription</h2>
      <Field
        label="Email address"
        type="email"
        required
        value={email}
        hint="A confirmation mail goes there first; nothing else is sent until its link is followed."
        onChange={(e) => setEmail(e.target.value)}
      />
      <SelectField
        label="Frequency"
        value={frequency}
        choices={FREQUENCIES}
        onChange={setFrequency}
      />
      {keywords.length > 0 && (
        <fieldset className="checks">
          <legend>Keywords (none checked: all)</legend>
          {keywords.map((keyword) => (
            <label key={keyword.id}>
              <input
                type="checkbox"
                checked={chosen.includes(keyword.id)}
                onChange={(e) => toggle(keyword.id, e.target.checked)}
              />
              {keyword.text}
            </label>
          ))}
        </fieldset>
      )}
      <ErrorNotice error={create.error} />
      <button type="submit" disabled={create.isPending}>
        Subscribe
      </button>
    </form>
  );
}

function SubscriptionCard({
  subscription,
  keywordText,
}: {
  subscription: Subscription;
  keywordText: (id: string) => string;
}) {
  const may = useMay('member');
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => graphqlRequest(DELETE_EMAIL_SUBSCRIPTION, { id: subscription.id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: EMAIL_KEY }),
  });
  const covered =
    subscription.keywordIds.length === 0
      ? 'All keywords'
      : subscription.keywordIds.map(keywordText).join(', ');
  return (
    <li className="card">
      <article aria-labelledby={`subscription-${subscription.id}`}>
        <h2 id={`subscription-${subscription.id}`}>{subscription.email}</h2>
        <dl className="health">
          <dt>Status</dt>
          <dd>{STATUS_TEXT[subscription.status] ?? subscription.status}</dd>
          <dt>Frequency</dt>
          <dd>{subscription.frequency}</dd>
          <dt>Keywords</dt>
          <dd>{covered}</dd>
          <dt>Last mail</dt>
          <dd>{formatInstant(subscription.lastSentAt)}</dd>
          <dt>Last error</dt>
          <dd>
            {subscription.lastError === null
              ? 'none'
              : `${subscription.lastError} (${formatInstant(subscription.lastErrorAt)})`}
          </dd>
        </dl>
        {may && (
          <div className="actions">
            <button
              type="button"
              className="danger"
              onClick={() => {
                if (window.confirm(`Delete the subscription of ${subscription.email}?`))
                  remove.mutate();
              }}
            >
              Delete
              <span className="visually-hidden"> the subscription of {subscription.email}</span>
            </button>
          </div>
        )}
        <ErrorNotice error={remove.error} />
      </article>
    </li>
  );
}

export function EmailPage() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const query = useQuery({
    queryKey: EMAIL_KEY,
    queryFn: () => graphqlRequest(EMAIL_SUBSCRIPTIONS_QUERY),
  });
  const subscriptions = query.data?.emailSubscriptions.nodes ?? [];
  const keywords = query.data?.keywords.nodes ?? [];
  const texts = new Map(keywords.map((keyword) => [keyword.id, keyword.text]));
  const may = useMay('member');
  return (
    <Page title="Email">
      <RoleNote needed="member" what="adding and deleting email subscriptions" />
      {may && <AddSubscription keywords={keywords} onCreated={setSentTo} />}
      <div role="status">
        {sentTo && `A confirmation mail was sent to ${sentTo}; nothing else until it is confirmed.`}
      </div>
      <QueryState
        query={query}
        empty={subscriptions.length === 0}
        emptyText={
          <EmptyState
            purpose="No email subscriptions yet. A subscription mails alerts to an address, as they match or as an hourly or daily digest, once its owner confirms it."
            action={may ? { label: 'Add your first address', formId: ADD_FORM } : undefined}
          />
        }
      >
        <ul className="cards" aria-label="Email subscriptions">
          {subscriptions.map((subscription) => (
            <SubscriptionCard
              key={subscription.id}
              subscription={subscription}
              keywordText={(id) => texts.get(id) ?? 'a deleted keyword'}
            />
          ))}
        </ul>
      </QueryState>
    </Page>
  );
}
