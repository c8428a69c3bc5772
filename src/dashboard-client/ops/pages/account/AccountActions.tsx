import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '../../../components/ErrorNotice';
import { Field } from '../../../components/Field';
import { formatInstant } from '../../../components/format';
import { OnceSecret } from '../../../components/OnceSecret';
import { SelectField, type Choice } from '../../../components/SelectField';
import { ApiKeyTable } from '../../../components/ApiKeyTable';
import { graphql } from '../../../gql';
import { graphqlRequest } from '../../../app/graphql';
import type { Detail } from './account-detail';
import { ScrollTable } from '../../../components/ScrollTable';

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

export function ChangePlan({
  detail: { account },
  onChanged,
}: {
  detail: Detail;
  onChanged: () => void;
}) {
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

export function Users({ detail, onChanged }: { detail: Detail; onChanged: () => void }) {
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
        <ScrollTable label="Users table" columns={['Email', 'Created', 'Actions']}>
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
        </ScrollTable>
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

export function ApiKeys({ detail, onChanged }: { detail: Detail; onChanged: () => void }) {
  const revoke = useMutation({
    mutationFn: (keyId: string) =>
      graphqlRequest(OPS_REVOKE_API_KEY, { input: { accountId: detail.account.id, keyId } }),
    onSuccess: onChanged,
  });
  return (
    <section aria-labelledby="account-keys">
      <h2 id="account-keys">API keys</h2>
      <ErrorNotice error={revoke.error} />
      <ApiKeyTable
        keys={detail.apiKeys}
        revoking={revoke.isPending}
        onRevoke={(keyId) => revoke.mutate(keyId)}
      />
    </section>
  );
}
