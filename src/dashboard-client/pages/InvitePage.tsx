import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { graphqlRequest, setCsrfToken } from '../app/graphql';
import { landingOf, VIEWER_KEY } from '../app/session';
import { PasswordField } from '../components/CredentialFields';
import { ErrorNotice } from '../components/ErrorNotice';
import { formatInstant } from '../components/format';
import { Page } from '../components/Page';
import { graphql } from '../gql';

const INVITATION_LINK = graphql(`
  query InvitationLink($token: String!) {
    invitationLink(token: $token) {
      email
      role
      invitedBy
      expiresAt
      ssoAvailable
    }
  }
`);

const ACCEPT_INVITATION = graphql(`
  mutation AcceptInvitation($input: AcceptInvitationInput!) {
    acceptInvitation(input: $input) {
      ...ViewerFields
    }
  }
`);

const START_INVITED_SSO = graphql(`
  mutation StartInvitedSso($input: StartSsoSignInInput!) {
    startSsoSignIn(input: $input) {
      authorizationUrl
    }
  }
`);

/**
 * /dashboard/invite#<token>, an invitation's link (decisions section 15): the token stays in the
 * fragment, which no request carries. The invitee chooses a password, or signs in with SSO when
 * the account allows their domain; either makes them a user with the invited role.
 */
export function InvitePage() {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const token = window.location.hash.slice(1);
  const [password, setPassword] = useState('');
  const link = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => graphqlRequest(INVITATION_LINK, { token }),
    retry: false,
  });
  const accept = useMutation({
    mutationFn: () => graphqlRequest(ACCEPT_INVITATION, { input: { token, password } }),
    onSuccess: ({ acceptInvitation: viewer }) => {
      setCsrfToken(viewer.csrfToken);
      queryClient.setQueryData(VIEWER_KEY, viewer);
      navigate(landingOf(viewer), { replace: true });
    },
  });
  const sso = useMutation({
    mutationFn: (email: string) => graphqlRequest(START_INVITED_SSO, { input: { email } }),
    onSuccess: ({ startSsoSignIn }) => window.location.assign(startSsoSignIn.authorizationUrl),
  });
  const invitation = link.data?.invitationLink;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate();
  };
  return (
    <main id="main" className="login">
      <Page title="Accept your invitation">
        {link.error && (
          <div className="card">
            <p className="error" role="alert">
              {link.error.message}
            </p>
            <p>
              <Link href="/login">Sign in</Link>
            </p>
          </div>
        )}
        {invitation && (
          <form onSubmit={submit} className="card">
            <p>
              {invitation.invitedBy} invited <strong>{invitation.email}</strong> as{' '}
              <strong>{invitation.role}</strong>. The link works once, until{' '}
              {formatInstant(invitation.expiresAt)}.
            </p>
            <PasswordField password={password} onPassword={setPassword} choosing />
            <ErrorNotice error={accept.error} />
            <button type="submit" disabled={accept.isPending}>
              Join with this password
            </button>
            {invitation.ssoAvailable && (
              <>
                <p>Or sign in through your organization’s provider:</p>
                <button
                  type="button"
                  className="secondary"
                  disabled={sso.isPending}
                  onClick={() => sso.mutate(invitation.email)}
                >
                  Sign in with SSO
                </button>
                <ErrorNotice error={sso.error} />
              </>
            )}
          </form>
        )}
      </Page>
    </main>
  );
}
