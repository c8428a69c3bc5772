import { useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { graphqlRequest } from '../app/graphql';
import { pollEvery } from '../app/polling';
import type { AlertsQuery } from '../gql/graphql';
import { ALERTS_QUERY, alertsKey, type AlertFilters } from './alerts-query';

/** How often the open Alerts page asks for newer alerts: well inside the 5 s the issue allows. */
export const LIVE_POLL_MS = 2000;
/**
 * `since` is exclusive and an alert's match time is set before it commits, so the poll looks a
 * little further back than the newest alert shown and drops the ones it already has.
 */
const OVERLAP_MS = 5000;

type AlertEdges = AlertsQuery['alerts']['edges'];

/** The pages with the edges they lack put first; the same object when nothing is new. */
function withNewest(
  data: InfiniteData<AlertsQuery> | undefined,
  edges: AlertEdges,
): InfiniteData<AlertsQuery> | undefined {
  if (data === undefined) return data;
  const known = new Set(data.pages.flatMap((page) => page.alerts.edges.map((e) => e.node.id)));
  const fresh = edges.filter((edge) => !known.has(edge.node.id));
  if (fresh.length === 0) return data;
  const [first, ...rest] = data.pages;
  const firstPage = { alerts: { ...first.alerts, edges: [...fresh, ...first.alerts.edges] } };
  return { ...data, pages: [firstPage, ...rest] };
}

/**
 * Polls for alerts newer than the newest shown (`since`, one small query every LIVE_POLL_MS
 * while the page is visible) and puts them at the top of the loaded pages, whose cursors stay
 * valid for older pages.
 */
export function useLiveAlerts(filters: AlertFilters, newest: string | undefined, enabled: boolean) {
  const queryClient = useQueryClient();
  useQuery({
    queryKey: ['live-alerts', filters, newest],
    queryFn: async () => {
      // Server time only: with nothing shown yet, the newest page is what is new.
      const since =
        newest === undefined ? undefined : new Date(Date.parse(newest) - OVERLAP_MS).toISOString();
      const { alerts } = await graphqlRequest(ALERTS_QUERY, { ...filters, since, first: 100 });
      queryClient.setQueryData<InfiniteData<AlertsQuery>>(alertsKey(filters), (data) =>
        withNewest(data, alerts.edges),
      );
      return alerts.edges.length;
    },
    enabled,
    ...pollEvery(LIVE_POLL_MS),
    gcTime: 0,
  });
}
