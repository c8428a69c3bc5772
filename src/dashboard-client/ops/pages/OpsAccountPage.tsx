import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'wouter';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { graphqlRequest } from '../../app/graphql';
import { OPS_ACCOUNT } from './account/account-detail';
import { ApiKeys, ChangePlan, Users } from './account/AccountActions';
import { Audit } from './account/AccountAudit';
import { Figures, Keywords, Usage, Webhooks } from './account/AccountSections';

/** One account in the console: its figures and lists (read-only), and the audited actions. */
export function OpsAccountPage({ accountId }: { accountId: string }) {
  const queryClient = useQueryClient();
  const queryKey = ['ops-account', accountId];
  const detail = useQuery({
    queryKey,
    queryFn: () => graphqlRequest(OPS_ACCOUNT, { id: accountId }),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey });
  const data = detail.data?.opsAccount;
  const title = data ? `Account ${data.account.name || data.account.id}` : 'Account';
  return (
    <Page title={title}>
      <p>
        <Link href="/">All accounts</Link>
      </p>
      <QueryState query={detail} empty={false}>
        {data && (
          <>
            <Figures detail={data} />
            <ChangePlan detail={data} onChanged={refresh} />
            <Usage detail={data} />
            <Keywords detail={data} />
            <Webhooks detail={data} />
            <Users detail={data} onChanged={refresh} />
            <ApiKeys detail={data} onChanged={refresh} />
            <Audit detail={data} />
          </>
        )}
      </QueryState>
    </Page>
  );
}
