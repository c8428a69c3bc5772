import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { CreationOutcome, useCreateKeywords } from '../../components/keywords/keyword-creation';
import { useTestWebhook, WebhookTestStatus } from '../../components/webhooks/webhook-test';
import { graphqlRequest } from '../../app/graphql';
import { RoleNote, useMay } from '../../app/roles';
import {
  GETTING_STARTED_KEY,
  GETTING_STARTED_QUERY,
  progressOf,
  type ChecklistWebhook,
} from './getting-started';

/** Each channel one click from its form; the webhook format comes preselected. */
const CHANNEL_LINKS = [
  { href: '/webhooks?format=slack', name: 'Slack channel' },
  { href: '/webhooks?format=discord', name: 'Discord channel' },
  { href: '/webhooks?format=json', name: 'Your own endpoint (signed JSON)' },
  { href: '/email', name: 'Mail to an address' },
  { href: '/feeds', name: 'RSS or Atom feed' },
];

function Step({ title, done, children }: { title: string; done: boolean; children: ReactNode }) {
  return (
    <li className={done ? 'step done' : 'step'}>
      <h3>
        {title}
        {done && <span className="badge succeeded">Done</span>}
      </h3>
      {children}
    </li>
  );
}

/** One keyword, with the Keywords page's defaults, mutation and refusal messages. */
function AddKeywordInline() {
  const [text, setText] = useState('');
  const create = useCreateKeywords(() => setText(''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() !== '') create.mutate([{ text: text.trim() }]);
  };
  return (
    <form className="inline-form" aria-label="Add a keyword" onSubmit={submit}>
      <Field
        label="Keyword to watch"
        required
        value={text}
        hint={
          <>
            A word or phrase; posts and comments that contain it become alerts. Modes, filters and
            queries are on the <Link href="/keywords">Keywords page</Link>.
          </>
        }
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" disabled={create.isPending}>
        Add keyword
      </button>
      <ErrorNotice error={create.error} />
      {create.data && <CreationOutcome result={create.data.createKeywords} />}
    </form>
  );
}

function TestWebhook({ webhook }: { webhook: ChecklistWebhook }) {
  const queryClient = useQueryClient();
  const test = useTestWebhook(webhook.id, () => {
    void queryClient.invalidateQueries({ queryKey: GETTING_STARTED_KEY });
  });
  return (
    <li>
      <span>{webhook.name}</span>{' '}
      <button
        type="button"
        className="secondary"
        onClick={() => test.mutate()}
        disabled={test.isPending}
      >
        Send a test<span className="visually-hidden"> to {webhook.name}</span>
      </button>
      <WebhookTestStatus result={test.data?.testWebhook} />
      <ErrorNotice error={test.error} />
    </li>
  );
}

/**
 * The Alerts page's first screen until the account has a keyword and a channel that has reached
 * someone. Once shown, it stays for the visit with every step marked, so the test's outcome is
 * still on the page when it completes the list; the next visit no longer shows it.
 */
export function GettingStarted() {
  const id = useId();
  const [shown, setShown] = useState(false);
  const may = useMay('member');
  const query = useQuery({
    queryKey: GETTING_STARTED_KEY,
    queryFn: () => graphqlRequest(GETTING_STARTED_QUERY),
  });
  if (query.data === undefined) return null;
  const progress = progressOf(query.data);
  if (!progress.done && !shown) setShown(true);
  if (progress.done && !shown) return null;
  return (
    <section className="card checklist" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Getting started</h2>
      <p role="status">
        {progress.done
          ? 'All set: new alerts appear below as they match, without reloading.'
          : 'Three steps, and matches on Reddit reach you where you work.'}
      </p>
      <RoleNote needed="member" what="adding keywords and sending test alerts" />
      <ol className="steps">
        <Step title="1. Add a keyword" done={progress.hasKeyword}>
          {progress.hasKeyword || !may ? null : <AddKeywordInline />}
        </Step>
        <Step title="2. Connect where alerts go" done={progress.connected}>
          <ul className="channel-links">
            {CHANNEL_LINKS.map(({ href, name }) => (
              <li key={href}>
                <Link href={href}>{name}</Link>
              </li>
            ))}
          </ul>
        </Step>
        <Step title="3. See a test alert arrive" done={progress.proven}>
          {!progress.connected && <p>Connect a channel first, then send it a sample alert here.</p>}
          {may && progress.webhooks.length > 0 && (
            <ul className="channel-tests">
              {progress.webhooks.map((webhook) => (
                <TestWebhook key={webhook.id} webhook={webhook} />
              ))}
            </ul>
          )}
          {progress.pendingEmails.map((email) => (
            <p key={email}>
              Follow the link in the mail sent to {email}: mail goes there once it is confirmed.
            </p>
          ))}
        </Step>
      </ol>
    </section>
  );
}
