import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ErrorNotice } from '../components/ErrorNotice';
import { Field } from '../components/Field';
import { Page } from '../components/Page';
import { SsoSettings } from '../components/SsoSettings';
import { SessionsSection } from '../components/SessionsSection';
import { SignOutButton } from '../app/Shell';
import { graphql } from '../gql';
import { graphqlRequest } from '../app/graphql';
import type { UserViewer } from '../app/session';

const CHANGE_PASSWORD = graphql(`
  mutation ChangePassword($input: ChangePasswordInput!) {
    changePassword(input: $input)
  }
`);

function ChangePassword() {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const change = useMutation({
    mutationFn: () => graphqlRequest(CHANGE_PASSWORD, { input: { currentPassword, newPassword } }),
    onSuccess: () => {
      setCurrent('');
      setNew('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate();
  };
  return (
    <form className="card" onSubmit={submit} aria-labelledby="change-password">
      <h2 id="change-password">Change password</h2>
      <Field
        label="Current password"
        type="password"
        autoComplete="current-password"
        required
        value={currentPassword}
        onChange={(e) => setCurrent(e.target.value)}
      />
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        value={newPassword}
        onChange={(e) => setNew(e.target.value)}
      />
      <ErrorNotice error={change.error} />
      <p role="status">{change.isSuccess ? 'Password changed.' : ''}</p>
      <button type="submit" disabled={change.isPending}>
        Change password
      </button>
    </form>
  );
}

export function AccountPage({ viewer }: { viewer: UserViewer }) {
  return (
    <Page title="Account">
      <p>
        Your plan and its limits, how you sign in, where you are signed in, and your account's
        single sign-on.
      </p>
      <dl className="facts">
        <dt>Account</dt>
        <dd>{viewer.account.name}</dd>
        <dt>Product</dt>
        <dd>{viewer.account.product === 'app' ? 'App' : 'Alerts'}</dd>
        <dt>Plan</dt>
        <dd>{viewer.account.plan}</dd>
        <dt>Status</dt>
        <dd>{viewer.account.status}</dd>
        <dt>Active keywords allowed</dt>
        <dd>{viewer.account.keywordLimit}</dd>
        <dt>Signed in as</dt>
        <dd>{viewer.user.email}</dd>
        <dt>Your role</dt>
        <dd>{viewer.role}</dd>
      </dl>
      <ChangePassword />
      <SessionsSection />
      <SsoSettings callbackUrl={`${window.location.origin}/dashboard/sso/callback`} />
      <SignOutButton />
    </Page>
  );
}
