import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { graphql } from '../gql';
import { graphqlRequest } from '../app/graphql';
import { ErrorNotice } from './ErrorNotice';
import { formatInstant } from './format';
import { QueryState } from './QueryState';
import { ScrollTable } from './ScrollTable';

const SESSIONS_QUERY = graphql(`
  query Sessions {
    sessions {
      id
      startedAt
      lastSeenAt
      current
      browser
    }
  }
`);

const END_SESSION = graphql(`
  mutation EndSession($id: ID!) {
    endSession(id: $id)
  }
`);

const END_OTHER_SESSIONS = graphql(`
  mutation EndOtherSessions {
    endOtherSessions
  }
`);

const SESSIONS_KEY = ['sessions'];

/**
 * decisions section 15: where the viewer is signed in (each browser, when it signed in and was
 * last seen, this one marked), "Sign out" for each other one and "Sign out other sessions".
 */
export function SessionsSection() {
  const queryClient = useQueryClient();
  const sessions = useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: () => graphqlRequest(SESSIONS_QUERY),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY });
  const endOne = useMutation({
    mutationFn: (id: string) => graphqlRequest(END_SESSION, { id }),
    onSuccess: refresh,
  });
  const endOthers = useMutation({
    mutationFn: () => graphqlRequest(END_OTHER_SESSIONS),
    onSuccess: refresh,
  });
  const listed = sessions.data?.sessions ?? [];
  const pending = endOne.isPending || endOthers.isPending;
  return (
    <section className="card" aria-labelledby="sessions">
      <h2 id="sessions">Sessions</h2>
      <p>Where you are signed in. Signing a session out takes effect at its next request.</p>
      <ErrorNotice error={endOne.error ?? endOthers.error} />
      <QueryState query={sessions} empty={false}>
        <ScrollTable
          label="Sessions table"
          caption="Sessions"
          columns={['Browser', 'Signed in', 'Last seen', 'Actions']}
        >
          {listed.map((session) => (
            <tr key={session.id}>
              <th scope="row">{session.browser}</th>
              <td>{formatInstant(session.startedAt)}</td>
              <td>{session.current ? 'This session' : formatInstant(session.lastSeenAt)}</td>
              <td>
                {!session.current && (
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`Sign out ${session.browser}, signed in ${formatInstant(session.startedAt)}`}
                    disabled={pending}
                    onClick={() => endOne.mutate(session.id)}
                  >
                    Sign out
                  </button>
                )}
              </td>
            </tr>
          ))}
        </ScrollTable>
      </QueryState>
      <button
        type="button"
        className="secondary"
        disabled={pending || !listed.some((session) => !session.current)}
        onClick={() => endOthers.mutate()}
      >
        Sign out other sessions
      </button>
    </section>
  );
}
