import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { graphqlRequest, setCsrfToken } from '../app/graphql';
import { landingOf, VIEWER_KEY } from '../app/session';
import { Page } from '../components/Page';
import { graphql } from '../gql';

const VERIFY_SIGN_UP = graphql(`
  mutation VerifySignUp($token: String!) {
    verifySignUp(token: $token) {
      ...ViewerFields
    }
  }
`);

/**
 * /dashboard/signup/verify#<token>, the mailed link: the token stays in the fragment, which no
 * request carries, and is used only when the person presses the button, so a mail scanner that
 * opens links creates no account.
 */
export function VerifySignUpPage() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const token = window.location.hash.slice(1);
  const verify = useMutation({
    mutationFn: () => graphqlRequest(VERIFY_SIGN_UP, { token }),
    onSuccess: ({ verifySignUp: viewer }) => {
      setCsrfToken(viewer.csrfToken);
      queryClient.setQueryData(VIEWER_KEY, viewer);
      navigate(landingOf(viewer), { replace: true });
    },
  });
  return (
    <main id="main" className="login">
      <Page title="Create your account">
        <div className="card">
          <p>Your address is verified once you create the account; you are then signed in.</p>
          {verify.error && (
            <>
              <p className="error" role="alert">
                {verify.error.message}
              </p>
              <p>
                <Link href="/signup">Sign up again</Link>
              </p>
            </>
          )}
          <button type="button" onClick={() => verify.mutate()} disabled={verify.isPending}>
            Create my account
          </button>
        </div>
      </Page>
    </main>
  );
}
