import { useMutation } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ErrorNotice } from '../components/ErrorNotice';
import { EmailField } from '../components/CredentialFields';
import { graphql } from '../gql';
import { graphqlRequest } from '../app/graphql';

const START_SSO_SIGN_IN = graphql(`
  mutation StartSsoSignIn($input: StartSsoSignInInput!) {
    startSsoSignIn(input: $input) {
      authorizationUrl
    }
  }
`);

/**
 * "Sign in with SSO" (decisions section 15): the email names the account, whose provider the
 * browser goes to; it comes back through the server's /dashboard/sso/callback.
 */
export function SsoLoginPage() {
  const [email, setEmail] = useState('');
  useEffect(() => {
    document.title = 'Sign in with SSO · Alerts dashboard';
  }, []);
  const start = useMutation({
    mutationFn: () => graphqlRequest(START_SSO_SIGN_IN, { input: { email } }),
    onSuccess: ({ startSsoSignIn }) => window.location.assign(startSsoSignIn.authorizationUrl),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    start.mutate();
  };
  return (
    <main id="main" className="login">
      <h1>Sign in with SSO</h1>
      <form onSubmit={submit} className="card">
        <EmailField
          email={email}
          onEmail={setEmail}
          hint="Your work email: it leads to your organisation's sign-in page."
        />
        <ErrorNotice error={start.error} />
        <button type="submit" disabled={start.isPending || start.isSuccess}>
          Continue
        </button>
      </form>
      <p className="hint">
        <Link href="/login">Sign in with a password instead</Link>
      </p>
    </main>
  );
}
