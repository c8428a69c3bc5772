import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { graphqlRequest } from '../../app/graphql';
import { ErrorNotice } from '../../components/ErrorNotice';
import { formatInstant } from '../../components/format';
import { QueryState } from '../../components/QueryState';
import { ScrollTable } from '../../components/ScrollTable';
import { graphql } from '../../gql';
import type { OpsSignUpStateQuery } from '../../gql/graphql';

graphql(`
  fragment OpsSignUpStateFields on OpsSignUpState {
    configured
    open
    plan
    closedByOperator
    changedBy
    changedAt
  }
`);

const OPS_SIGN_UP_STATE = graphql(`
  query OpsSignUpState {
    opsSignUpState {
      ...OpsSignUpStateFields
    }
  }
`);

const OPS_SIGN_UPS = graphql(`
  query OpsSignUps {
    opsSignUps {
      id
      email
      status
      requestedAt
      verifiedAt
      accountId
    }
  }
`);

const OPS_SET_SIGN_UP_OPEN = graphql(`
  mutation OpsSetSignUpOpen($open: Boolean!) {
    opsSetSignUpOpen(open: $open) {
      ...OpsSignUpStateFields
    }
  }
`);

const STATE_KEY = ['ops-sign-up-state'];
const STATUS_BADGE = { pending: 'badge', expired: 'badge warn', verified: 'badge succeeded' };

/** The Accounts page's sign-up part: whether it is open, the switch, and the latest sign-ups. */
export function SignUpsSection() {
  const signUps = useQuery({
    queryKey: ['ops-sign-ups'],
    queryFn: () => graphqlRequest(OPS_SIGN_UPS),
  });
  const list = signUps.data?.opsSignUps ?? [];
  return (
    <section aria-labelledby="sign-ups-title">
      <h2 id="sign-ups-title">Sign-ups</h2>
      <SignUpSwitch />
      <QueryState query={signUps} empty={list.length === 0} emptyText="No sign-ups yet.">
        <ScrollTable
          label="Sign-ups table"
          caption="Sign-ups, newest first"
          columns={['Email', 'Status', 'Requested', 'Verified', 'Account']}
        >
          {list.map((signUp) => (
            <tr key={signUp.id}>
              <th scope="row">{signUp.email}</th>
              <td>
                <span className={STATUS_BADGE[signUp.status]}>{signUp.status}</span>
              </td>
              <td>{formatInstant(signUp.requestedAt)}</td>
              <td>{formatInstant(signUp.verifiedAt)}</td>
              <td>
                {signUp.accountId ? <Link href={`/${signUp.accountId}`}>Open account</Link> : '—'}
              </td>
            </tr>
          ))}
        </ScrollTable>
      </QueryState>
    </section>
  );
}

function SignUpSwitch() {
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: STATE_KEY,
    queryFn: async () => (await graphqlRequest(OPS_SIGN_UP_STATE)).opsSignUpState,
  });
  const setOpen = useMutation({
    mutationFn: (open: boolean) => graphqlRequest(OPS_SET_SIGN_UP_OPEN, { open }),
    onSuccess: ({ opsSetSignUpOpen }) => queryClient.setQueryData(STATE_KEY, opsSetSignUpOpen),
  });
  if (!state.data) return <ErrorNotice error={state.error} />;
  return (
    <div className="card" role="status">
      <p>{describe(state.data)}</p>
      <ErrorNotice error={setOpen.error} />
      {state.data.configured === 'open' && (
        <button
          type="button"
          disabled={setOpen.isPending}
          onClick={() => setOpen.mutate(!state.data.open)}
        >
          {state.data.open ? 'Close sign-up' : 'Open sign-up'}
        </button>
      )}
    </div>
  );
}

function describe(state: OpsSignUpStateQuery['opsSignUpState']): string {
  if (state.configured !== 'open') {
    return 'Sign-up is closed (SIGNUP=closed): set SIGNUP=open, with SMTP_URL, and restart to open it.';
  }
  const by = state.changedBy ? ` by ${state.changedBy}, ${formatInstant(state.changedAt)}` : '';
  return state.open
    ? `Sign-up is open at /dashboard/signup: new accounts get the ${state.plan} plan.${state.changedBy ? ` Opened again${by}.` : ''}`
    : `Sign-up is closed${by}; SIGNUP=open, so it can be opened again.`;
}
