import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ErrorNotice } from '../components/ErrorNotice';
import { CredentialFields } from '../components/CredentialFields';
import { graphql } from '../gql';
import { errorCodeOf, graphqlRequest, setCsrfToken } from '../app/graphql';
import { landingOf, VIEWER_KEY } from '../app/session';
import { useSignUpOpen } from './sign-up-open';
import { ssoFailureMessage } from './sso-failures';

const SIGN_IN = graphql(`
  mutation SignIn($input: SignInInput!) {
    signIn(input: $input) {
      ...ViewerFields
    }
  }
`);

/**
 * decisions section 9: fields labelled "Email" and "Password", a button "Sign in"; a failure
 * says the server's words, which never tell which field was wrong.
 */
export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const signUpOpen = useSignUpOpen().data === true;
  const ssoFailure = ssoFailureMessage(useSearch());
  useEffect(() => {
    document.title = 'Sign in · Alerts dashboard';
  }, []);
  const signIn = useMutation({
    mutationFn: () => graphqlRequest(SIGN_IN, { input: { email, password } }),
    onSuccess: ({ signIn: viewer }) => {
      setCsrfToken(viewer.csrfToken);
      queryClient.setQueryData(VIEWER_KEY, viewer);
      navigate(landingOf(viewer), { replace: true });
    },
    onError: (error) => {
      if (errorCodeOf(error) === 'subscription_required') navigate('/canceled', { replace: true });
      setPassword('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };
  return (
    <main id="main" className="login">
      <h1>Sign in to the Alerts dashboard</h1>
      {ssoFailure && (
        <p className="error" role="alert">
          {ssoFailure}
        </p>
      )}
      <form onSubmit={submit} className="card">
        <CredentialFields
          email={email}
          password={password}
          onEmail={setEmail}
          onPassword={setPassword}
        />
        <ErrorNotice error={signIn.error} />
        <button type="submit" disabled={signIn.isPending}>
          Sign in
        </button>
      </form>
      <p className="sso-link">
        {/* A link, not a button: the page's one button is "Sign in". */}
        <Link href="/login/sso">Sign in with SSO</Link>
      </p>
      {signUpOpen ? (
        <p className="hint">
          No account yet? <Link href="/signup">Sign up</Link>. Forgot your password? Ask the
          operator for a reset.
        </p>
      ) : (
        <p className="hint">Accounts are created by the operator; ask them for a password reset.</p>
      )}
    </main>
  );
}
