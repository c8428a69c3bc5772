import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { errorCodeOf, graphqlRequest, setCsrfToken } from '../app/graphql';
import { landingOf, OPS_HOME, VIEWER_KEY } from '../app/session';
import { ErrorNotice } from '../components/ErrorNotice';
import { Field } from '../components/Field';
import { Page } from '../components/Page';
import { SelectField } from '../components/SelectField';
import { graphql } from '../gql';
import './setup.css';

const SETUP_LINK = graphql(`
  query SetupLink($token: String!) {
    setupLink(token: $token) {
      state
      problem
    }
  }
`);

const COMPLETE_SETUP = graphql(`
  mutation CompleteSetup($input: SetupInput!) {
    completeSetup(input: $input) {
      ...ViewerFields
    }
  }
`);

const SIGN_OUT = graphql(`
  mutation SignOutOperator {
    signOut
  }
`);

const SIGN_IN_USER = graphql(`
  mutation SignInUser($input: SignInInput!) {
    signIn(input: $input) {
      ...ViewerFields
    }
  }
`);

const PLANS = [
  { value: 'starter', label: 'Starter (25 keywords)' },
  { value: 'pro', label: 'Pro (100 keywords)' },
  { value: 'scale', label: 'Scale (500 keywords)' },
];

interface Person {
  email: string;
  password: string;
}

/** What setup made: the operator signed in, and the account's user when one was created. */
interface SetUp {
  operatorEmail: string;
  user: Person | null;
}

/**
 * /dashboard/setup?token=…: the first start (docs/dashboard.md). The page asks the server what
 * the link is worth before showing the form; a link that cannot be used says why, and nothing
 * else.
 */
export function SetupPage() {
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const link = useQuery({
    queryKey: ['setup-link', token],
    queryFn: async () => (await graphqlRequest(SETUP_LINK, { token })).setupLink,
    staleTime: Infinity,
  });
  const [done, setDone] = useState<SetUp | null>(null);
  return (
    <main id="main" className="login setup">
      <Page title={done ? 'The service is set up' : 'Set up the service'}>
        {done ? (
          <SetupDone done={done} />
        ) : link.isPending ? (
          <p className="loading">Checking the link…</p>
        ) : link.isError ? (
          <ErrorNotice error={link.error} />
        ) : link.data.problem ? (
          <div className="card">
            <p className="error" role="alert">
              {link.data.problem}
            </p>
            {link.data.state === 'closed' && <Link href="/login">Sign in</Link>}
          </div>
        ) : (
          <SetupForm token={token} onDone={setDone} />
        )}
      </Page>
    </main>
  );
}

function SetupForm({ token, onDone }: { token: string; onDone: (done: SetUp) => void }) {
  const queryClient = useQueryClient();
  const [operator, setOperator] = useState<Person>({ email: '', password: '' });
  const [withAccount, setWithAccount] = useState(true);
  const [accountName, setAccountName] = useState('');
  const [plan, setPlan] = useState('starter');
  const [user, setUser] = useState<Person>({ email: '', password: '' });
  const complete = useMutation({
    mutationFn: () =>
      graphqlRequest(COMPLETE_SETUP, {
        input: {
          token,
          operator,
          account: withAccount ? { name: accountName, plan, user } : null,
        },
      }),
    onSuccess: ({ completeSetup: viewer }) => {
      setCsrfToken(viewer.csrfToken);
      queryClient.setQueryData(VIEWER_KEY, viewer);
      onDone({ operatorEmail: viewer.user.email, user: withAccount ? user : null });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    complete.mutate();
  };
  return (
    <form onSubmit={submit} className="card" aria-label="Set up the service">
      <p>
        No one runs this service yet. Choose the operator’s email and password: the operator manages
        accounts and sees ingestion and delivery. This link works once.
      </p>
      <fieldset>
        <legend>The operator</legend>
        <PersonFields who="Operator" person={operator} onChange={setOperator} />
      </fieldset>
      <label className="check">
        <input
          type="checkbox"
          checked={withAccount}
          onChange={(event) => setWithAccount(event.target.checked)}
        />
        Also create the first account and its user
      </label>
      {withAccount && (
        <fieldset>
          <legend>The first account</legend>
          <Field
            label="Account name"
            value={accountName}
            hint="Optional: how the operator console lists it."
            onChange={(event) => setAccountName(event.target.value)}
          />
          <SelectField label="Plan" value={plan} choices={PLANS} onChange={setPlan} />
          <PersonFields
            who="User"
            person={user}
            onChange={setUser}
            emailHint="The person who adds keywords and reads the alerts."
          />
        </fieldset>
      )}
      <ErrorNotice error={complete.error} />
      <button type="submit" disabled={complete.isPending}>
        Set up
      </button>
    </form>
  );
}

/** "<who> email" and "<who> password", the password under the users' rule (12 characters). */
function PersonFields({
  who,
  person,
  onChange,
  emailHint,
}: {
  who: string;
  person: Person;
  onChange: (person: Person) => void;
  emailHint?: string;
}) {
  return (
    <>
      <Field
        label={`${who} email`}
        type="email"
        autoComplete="email"
        required
        value={person.email}
        hint={emailHint}
        onChange={(event) => onChange({ ...person, email: event.target.value })}
      />
      <Field
        label={`${who} password`}
        type="password"
        autoComplete="new-password"
        required
        minLength={12}
        hint="At least 12 characters."
        value={person.password}
        onChange={(event) => onChange({ ...person, password: event.target.value })}
      />
    </>
  );
}

/** Where to go next: the account's dashboard as its user, or the operator console. */
function SetupDone({ done }: { done: SetUp }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const switchToUser = useMutation({
    mutationFn: async (user: Person) => {
      await graphqlRequest(SIGN_OUT);
      setCsrfToken(null);
      return (await graphqlRequest(SIGN_IN_USER, { input: user })).signIn;
    },
    onSuccess: (viewer) => {
      setCsrfToken(viewer.csrfToken);
      queryClient.clear();
      queryClient.setQueryData(VIEWER_KEY, viewer);
      navigate(landingOf(viewer), { replace: true });
    },
    onError: (error) => {
      if (errorCodeOf(error) !== 'rate_limited') navigate('/login', { replace: true });
    },
  });
  return (
    <div className="card" role="status">
      <p>
        You are signed in as the operator <strong>{done.operatorEmail}</strong>. This link no longer
        works; sign in at <Link href="/login">/dashboard/login</Link> from now on.
      </p>
      <h2>Where to go next</h2>
      <ul className="next-steps">
        {done.user && (
          <li>
            Add keywords and read alerts as the account’s user:{' '}
            <button
              type="button"
              disabled={switchToUser.isPending}
              onClick={() => done.user && switchToUser.mutate(done.user)}
            >
              Continue as {done.user.email}
            </button>
          </li>
        )}
        <li>
          Watch ingestion and delivery, and add accounts and users:{' '}
          <Link href={OPS_HOME}>Open the operator console</Link>
        </li>
      </ul>
      <ErrorNotice error={switchToUser.error} />
    </div>
  );
}
