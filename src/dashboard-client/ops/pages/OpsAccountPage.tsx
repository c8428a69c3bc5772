import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { formatInstant } from '../../components/format';
import { OnceSecret } from '../../components/OnceSecret';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { SelectField, type Choice } from '../../components/SelectField';
import { UsageChart } from '../../components/UsageChart';
import { graphql } from '../../gql';
import type { OpsAccountQuery } from '../../gql/graphql';
import { graphqlRequest } from '../../app/graphql';

const OPS_ACCOUNT = graphql(`
  query OpsAccount($id: ID!) {
    opsAccount(id: $id) {
      account {
        id
        name
        product
        plan
        status
        createdAt
        keywordLimit
        activeKeywords
        alertsToday
        cappedToday
        webhooks
        failingWebhooks
      }
      keywords {
        id
        text
        mode
        active
        subreddits
        excludeSubreddits
        exclude
        excludeAuthors
      }
      webhooks {
        id
        name
        host
        active
        consecutiveFailures
        lastError
        lastDeliveryAt
      }
      usage {
        date
        delivered
        capped
      }
      users {
        id
        email
        createdAt
      }
      apiKeys {
        id
        prefix
        createdAt
        lastUsedAt
        revokedAt
      }
      auditEntries {
        id
        at
        operatorEmail
        action
        target
        before
        after
      }
    }
  }
`);

const OPS_CHANGE_ACCOUNT = graphql(`
  mutation OpsChangeAccount($input: OpsAccountChangeInput!) {
    opsChangeAccount(input: $input) {
      id
      plan
      status
    }
  }
`);

const OPS_ADD_USER = graphql(`
  mutation OpsAddUser($input: OpsNewUserInput!) {
    opsAddUser(input: $input) {
      password
      user {
        email
      }
    }
  }
`);

const OPS_RESET_PASSWORD = graphql(`
  mutation OpsResetPassword($input: OpsPasswordResetInput!) {
    opsResetPassword(input: $input) {
      password
      user {
        email
      }
    }
  }
`);

const OPS_REVOKE_API_KEY = graphql(`
  mutation OpsRevokeApiKey($input: OpsKeyRevocationInput!) {
    opsRevokeApiKey(input: $input) {
      id
    }
  }
`);

export const PLAN_CHOICES: Choice[] = ['starter', 'pro', 'scale'].map((plan) => ({
  value: plan,
  label: plan,
}));
const STATUS_CHOICES: Choice[] = ['active', 'canceled'].map((status) => ({
  value: status,
  label: status,
}));

type Detail = OpsAccountQuery['opsAccount'];

/** One account in the console: its figures and lists (read-only), and the audited actions. */
export function OpsAccountPage({ accountId }: { accountId: string }) {
  const queryClient = useQueryClient();
  const queryKey = ['ops-account', accountId];
  const detail = useQuery({
    queryKey,
    queryFn: () => graphqlRequest(OPS_ACCOUNT, { id: accountId }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey });
  const data = detail.data?.opsAccount;
  const title = data ? `Account ${data.account.name || data.account.id}` : 'Account';
  return (
    <Page title={title}>
      <p>
        <Link href="/">All accounts</Link>
      </p>
      <QueryState query={detail} empty={false}>
        {data && (
          <>
            <Figures detail={data} />
            <ChangePlan detail={data} onChanged={refresh} />
            <Usage detail={data} />
            <Keywords detail={data} />
            <Webhooks detail={data} />
            <Users detail={data} onChanged={refresh} />
            <ApiKeys detail={data} onChanged={refresh} />
            <Audit detail={data} />
          </>
        )}
      </QueryState>
    </Page>
  );
}

function Figures({ detail: { account } }: { detail: Detail }) {
  return (
    <dl className="facts">
      <dt>Id</dt>
      <dd>
        <code>{account.id}</code>
      </dd>
      <dt>Product</dt>
      <dd>{account.product}</dd>
      <dt>Plan</dt>
      <dd>
        {account.plan} ({account.status})
      </dd>
      <dt>Created</dt>
      <dd>{formatInstant(account.createdAt)}</dd>
      <dt>Active keywords</dt>
      <dd>
        {account.activeKeywords} of {account.keywordLimit}
      </dd>
      <dt>Today (UTC)</dt>
      <dd>
        {account.alertsToday} alerts, {account.cappedToday} capped
      </dd>
      <dt>Webhooks</dt>
      <dd>
        {account.webhooks}, {account.failingWebhooks} failing
      </dd>
    </dl>
  );
}

function ChangePlan({ detail: { account }, onChanged }: { detail: Detail; onChanged: () => void }) {
  const [plan, setPlan] = useState(account.plan);
  const [status, setStatus] = useState(account.status);
  const change = useMutation({
    mutationFn: () =>
      graphqlRequest(OPS_CHANGE_ACCOUNT, { input: { accountId: account.id, plan, status } }),
    onSuccess: onChanged,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate();
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="change-plan-title">
      <h2 id="change-plan-title">Plan and status</h2>
      <div className="actions">
        <SelectField label="Plan" value={plan} choices={PLAN_CHOICES} onChange={setPlan} />
        <SelectField label="Status" value={status} choices={STATUS_CHOICES} onChange={setStatus} />
      </div>
      <ErrorNotice error={change.error} />
      <button type="submit" disabled={change.isPending}>
        Change plan
      </button>
    </form>
  );
}

function Usage({ detail }: { detail: Detail }) {
  const delivered = detail.usage.reduce((sum, day) => sum + day.delivered, 0);
  const capped = detail.usage.reduce((sum, day) => sum + day.capped, 0);
  return (
    <section aria-labelledby="account-usage">
      <h2 id="account-usage">Usage over 30 days</h2>
      <UsageChart
        days={detail.usage}
        label={`Matches per day over 30 days: ${delivered} delivered, ${capped} capped`}
      />
    </section>
  );
}

function Keywords({ detail }: { detail: Detail }) {
  return (
    <section aria-labelledby="account-keywords">
      <h2 id="account-keywords">Keywords</h2>
      {detail.keywords.length === 0 ? (
        <p className="empty">No keywords.</p>
      ) : (
        <div className="table-wrap" role="region" aria-label="Keywords table" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Keyword</th>
                <th scope="col">Mode</th>
                <th scope="col">State</th>
                <th scope="col">Filters</th>
              </tr>
            </thead>
            <tbody>
              {detail.keywords.map((keyword) => (
                <tr key={keyword.id}>
                  <th scope="row">{keyword.text}</th>
                  <td>{keyword.mode}</td>
                  <td>{keyword.active ? 'active' : 'paused'}</td>
                  <td>{filtersOf(keyword) || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function filtersOf(keyword: Detail['keywords'][number]): string {
  return [
    ...keyword.subreddits.map((name) => `r/${name}`),
    ...keyword.excludeSubreddits.map((name) => `not r/${name}`),
    ...keyword.exclude.map((phrase) => `not “${phrase}”`),
    ...keyword.excludeAuthors.map((name) => `not u/${name}`),
  ].join(' · ');
}

function Webhooks({ detail }: { detail: Detail }) {
  return (
    <section aria-labelledby="account-webhooks">
      <h2 id="account-webhooks">Webhooks</h2>
      {detail.webhooks.length === 0 ? (
        <p className="empty">No webhooks.</p>
      ) : (
        <div className="table-wrap" role="region" aria-label="Webhooks table" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Host</th>
                <th scope="col">State</th>
                <th scope="col">Consecutive failures</th>
                <th scope="col">Last error</th>
                <th scope="col">Last delivery</th>
              </tr>
            </thead>
            <tbody>
              {detail.webhooks.map((webhook) => (
                <tr key={webhook.id}>
                  <th scope="row">{webhook.name}</th>
                  <td>{webhook.host}</td>
                  <td>{webhook.active ? 'active' : 'paused'}</td>
                  <td>{webhook.consecutiveFailures}</td>
                  <td>{webhook.lastError ?? '—'}</td>
                  <td>{formatInstant(webhook.lastDeliveryAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Users({ detail, onChanged }: { detail: Detail; onChanged: () => void }) {
  const accountId = detail.account.id;
  const [email, setEmail] = useState('');
  const add = useMutation({
    mutationFn: () => graphqlRequest(OPS_ADD_USER, { input: { accountId, email } }),
    onSuccess: () => {
      setEmail('');
      onChanged();
    },
  });
  const reset = useMutation({
    mutationFn: (userId: string) =>
      graphqlRequest(OPS_RESET_PASSWORD, { input: { accountId, userId } }),
    onSuccess: onChanged,
  });
  const issued = add.data?.opsAddUser ?? reset.data?.opsResetPassword;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.reset();
    add.mutate();
  };
  return (
    <section aria-labelledby="account-users">
      <h2 id="account-users">Users</h2>
      {detail.users.length === 0 ? (
        <p className="empty">No users.</p>
      ) : (
        <div className="table-wrap" role="region" aria-label="Users table" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Created</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {detail.users.map((user) => (
                <tr key={user.id}>
                  <th scope="row">{user.email}</th>
                  <td>{formatInstant(user.createdAt)}</td>
                  <td>
                    <button
                      type="button"
                      className="secondary"
                      aria-label={`Reset password of ${user.email}`}
                      disabled={reset.isPending}
                      onClick={() => {
                        if (
                          window.confirm(`Reset the password of ${user.email}? Their sessions end.`)
                        ) {
                          add.reset();
                          reset.mutate(user.id);
                        }
                      }}
                    >
                      Reset password
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ErrorNotice error={reset.error} />
      {issued && <OnceSecret title={`Password of ${issued.user.email}`} secret={issued.password} />}
      <form className="card" onSubmit={submit} aria-labelledby="add-user-title">
        <h3 id="add-user-title">Add user</h3>
        <Field
          label="Email"
          type="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <ErrorNotice error={add.error} />
        <button type="submit" disabled={add.isPending}>
          Add user
        </button>
      </form>
    </section>
  );
}

function ApiKeys({ detail, onChanged }: { detail: Detail; onChanged: () => void }) {
  const revoke = useMutation({
    mutationFn: (keyId: string) =>
      graphqlRequest(OPS_REVOKE_API_KEY, { input: { accountId: detail.account.id, keyId } }),
    onSuccess: onChanged,
  });
  return (
    <section aria-labelledby="account-keys">
      <h2 id="account-keys">API keys</h2>
      <ErrorNotice error={revoke.error} />
      <div className="table-wrap" role="region" aria-label="API keys table" tabIndex={0}>
        <table>
          <thead>
            <tr>
              <th scope="col">Prefix</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Status</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {detail.apiKeys.map((key) => (
              <tr key={key.id}>
                <th scope="row">
                  <code>{key.prefix}…</code>
                </th>
                <td>{formatInstant(key.createdAt)}</td>
                <td>{key.lastUsedAt ? formatInstant(key.lastUsedAt) : 'never'}</td>
                <td>{key.revokedAt ? `Revoked ${formatInstant(key.revokedAt)}` : 'Active'}</td>
                <td>
                  {!key.revokedAt && (
                    <button
                      type="button"
                      className="danger"
                      aria-label={`Revoke ${key.prefix}`}
                      disabled={revoke.isPending}
                      onClick={() => {
                        if (
                          window.confirm(`Revoke the key ${key.prefix}…? It stops working at once.`)
                        ) {
                          revoke.mutate(key.id);
                        }
                      }}
                    >
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Audit({ detail }: { detail: Detail }) {
  return (
    <section aria-labelledby="account-audit">
      <h2 id="account-audit">Audit log</h2>
      {detail.auditEntries.length === 0 ? (
        <p className="empty">No operator action yet.</p>
      ) : (
        <div className="table-wrap" role="region" aria-label="Audit log table" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Operator actions, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Operator</th>
                <th scope="col">Action</th>
                <th scope="col">On</th>
                <th scope="col">Before</th>
                <th scope="col">After</th>
              </tr>
            </thead>
            <tbody>
              {detail.auditEntries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatInstant(entry.at)}</td>
                  <td>{entry.operatorEmail}</td>
                  <th scope="row">{entry.action}</th>
                  <td>{entry.target}</td>
                  <td>
                    <AuditFields json={entry.before} />
                  </td>
                  <td>
                    <AuditFields json={entry.after} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** An entry's changed fields, one "name: value" per line. */
function AuditFields({ json }: { json: string | null }) {
  if (json === null) return <>—</>;
  const fields = Object.entries(JSON.parse(json) as Record<string, unknown>);
  return (
    <>
      {fields.map(([name, value]) => (
        <div key={name}>
          {name}: <code>{String(value)}</code>
        </div>
      ))}
    </>
  );
}
