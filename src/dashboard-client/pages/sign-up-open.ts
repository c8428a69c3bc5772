import { useQuery } from '@tanstack/react-query';
import { graphqlRequest } from '../app/graphql';
import { graphql } from '../gql';

const SIGN_UP_OPEN = graphql(`
  query SignUpOpen {
    signUpOpen
  }
`);

/** Whether the service takes sign-ups now (SIGNUP=open, not closed by an operator). */
export function useSignUpOpen() {
  return useQuery({
    queryKey: ['sign-up-open'],
    queryFn: async () => (await graphqlRequest(SIGN_UP_OPEN)).signUpOpen,
  });
}
