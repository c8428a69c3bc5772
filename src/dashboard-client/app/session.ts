import { useQuery, type QueryClient } from '@tanstack/react-query';
import { navigate } from 'wouter/use-browser-location';
import { graphql } from '../gql';
import type { ViewerQuery } from '../gql/graphql';
import { errorCodeOf, graphqlRequest, setCsrfToken } from './graphql';

graphql(`
  fragment ViewerFields on Viewer {
    csrfToken
    role
    user {
      id
      email
    }
    account {
      id
      name
      product
      plan
      status
      keywordLimit
    }
  }
`);

const VIEWER_QUERY = graphql(`
  query Viewer {
    viewer {
      ...ViewerFields
    }
  }
`);

export type Viewer = ViewerQuery['viewer'];

/** A viewer who is an account's user: every page but the operator console is theirs. */
export type UserViewer = Viewer & { account: NonNullable<Viewer['account']> };

export const isUserViewer = (viewer: Viewer): viewer is UserViewer => viewer.account !== null;

/** The operator console's home: /dashboard/ops (decisions section 10). */
export const OPS_HOME = '/ops';

export const landingOf = (viewer: Viewer): string =>
  isUserViewer(viewer) ? (viewer.account.product === 'app' ? '/inbox' : HOME) : OPS_HOME;

export const VIEWER_KEY = ['viewer'] as const;
export const DASHBOARD_BASE = '/dashboard';
/** The Alerts page: /dashboard itself, not /dashboard/ (wouter prefixes "/" with the base). */
export const HOME = `~${DASHBOARD_BASE}`;

/** The signed-in user and account; the CSRF token it carries goes with every later request. */
export function useViewer() {
  return useQuery({
    queryKey: VIEWER_KEY,
    queryFn: async () => {
      const { viewer } = await graphqlRequest(VIEWER_QUERY);
      setCsrfToken(viewer.csrfToken);
      return viewer;
    },
    staleTime: Infinity,
  });
}

/**
 * Any request refused for the session (expired, signed out elsewhere) or for the account
 * (canceled: the server ends the session too) leaves the signed-in pages.
 */
export function leaveOnSessionEnd(queryClient: QueryClient, error: unknown): void {
  const code = errorCodeOf(error);
  if (code !== 'unauthorized' && code !== 'subscription_required') return;
  setCsrfToken(null);
  queryClient.clear();
  const target = code === 'unauthorized' ? '/login' : '/canceled';
  if (window.location.pathname !== DASHBOARD_BASE + target) {
    navigate(DASHBOARD_BASE + target, { replace: true });
  }
}
