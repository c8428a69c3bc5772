import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { graphqlRequest } from '../app/graphql';
import { CredentialFields } from '../components/CredentialFields';
import { Page } from '../components/Page';
import { graphql } from '../gql';
import { useSignUpOpen } from './sign-up-open';

const SIGN_UP = graphql(`
  mutation SignUp($input: SignUpInput!) {
    signUp(input: $input) {
      email
      linkValidHours
    }
  }
`);

/**
 * /dashboard/signup: an email and a password, then a mailed link. The answer is the same whether
 * or not the address has an account, so the page says only that a mail is on its way.
 */
export function SignUpPage() {
  const open = useSignUpOpen();
  return (
    <main id="main" className="login">
      <Page title="Sign up">
        {open.isPending ? (
          <p className="loading">Loading…</p>
        ) : open.data === true ? (
          <SignUpForm />
        ) : (
          <div className="card" role="status">
            <p>Sign-up is closed on this service: ask its operator for an account.</p>
            <p>
              <Link href="/login">Sign in</Link>
            </p>
          </div>
        )}
      </Page>
    </main>
  );
}

function SignUpForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signUp = useMutation({
    mutationFn: () => graphqlRequest(SIGN_UP, { input: { email, password } }),
    onSuccess: () => setPassword(''),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signUp.mutate();
  };
  const sent = signUp.data?.signUp;
  if (sent) {
    return (
      <div className="card" role="status">
        <h2>Check your mail</h2>
        <p>
          We sent a link to <strong>{sent.email}</strong>. Open it to create your account: it works
          once, for {sent.linkValidHours} hours.
        </p>
        <p>No mail after a few minutes? Look in your spam folder, or sign up again.</p>
        <p>
          <Link href="/login">Back to sign in</Link>
        </p>
      </div>
    );
  }
  return (
    <>
      <form onSubmit={submit} className="card">
        <CredentialFields
          email={email}
          password={password}
          onEmail={setEmail}
          onPassword={setPassword}
          choosing
        />
        {signUp.error && (
          // The server's own words: a rate limit here says how long to wait.
          <p className="error" role="alert">
            {signUp.error.message}
          </p>
        )}
        <button type="submit" disabled={signUp.isPending}>
          Sign up
        </button>
      </form>
      <p className="hint">
        Already have an account? <Link href="/login">Sign in</Link>
      </p>
    </>
  );
}
