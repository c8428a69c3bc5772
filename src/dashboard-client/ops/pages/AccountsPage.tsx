import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Route, Switch } from 'wouter';
import { ErrorNotice } from '../../components/ErrorNotice';
import { Field } from '../../components/Field';
import { OnceSecret } from '../../components/OnceSecret';
import { Page } from '../../components/Page';
import { QueryState } from '../../components/QueryState';
import { SelectField } from '../../components/SelectField';
import { graphql } from '../../gql';
import type { Product } from '../../gql/graphql';
import { graphqlRequest } from '../../app/graphql';
import { PLAN_CHOICES } from './account/AccountActions';
import { OpsAccountPage } from './OpsAccountPage';
import { ScrollTable } from '../../components/ScrollTable';
import { SignUpsSection } from './SignUpsSection';

const OPS_ACCOUNTS = graphql(`
  query OpsAccounts($search: String) {
    opsAccounts(search: $search) {
      id
      name
      product
      plan
      status
      keywordLimit
      activeKeywords
      alertsToday
      cappedToday
      webhooks
      failingWebhooks
    }
  }
`);

const OPS_CREATE_ACCOUNT = graphql(`
  mutation OpsCreateAccount($input: OpsNewAccountInput!) {
    opsCreateAccount(input: $input) {
      key
      account {
        id
        name
      }
    }
  }
`);

export const OPS_ACCOUNTS_KEY = ['ops-accounts'];

/** The console's Accounts page (issue #26): search, list, create; one account under /<id>. */
export function AccountsPage() {
  return (
    <Switch>
      <Route path="/">
        <AccountList />
      </Route>
      <Route path="/:id">{(params) => <OpsAccountPage accountId={params.id} />}</Route>
    </Switch>
  );
}

function AccountList() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const accounts = useQuery({
    queryKey: [...OPS_ACCOUNTS_KEY, search],
    queryFn: () => graphqlRequest(OPS_ACCOUNTS, { search }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
  };
  const list = accounts.data?.opsAccounts ?? [];
  return (
    <Page title="Accounts">
      <form role="search" className="filters" onSubmit={submit}>
        <Field
          label="Search accounts"
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          hint="An account id, part of its name, or part of a user's email."
        />
        <div style={{ alignSelf: 'center' }}>
          <button type="submit">Search</button>
        </div>
      </form>
      <QueryState
        query={accounts}
        empty={list.length === 0}
        emptyText={search ? `No account matches “${search}”.` : 'No accounts yet.'}
      >
        <ScrollTable
          label="Accounts table"
          caption="Accounts, newest first"
          columns={[
            'Account',
            'Product',
            'Plan',
            'Status',
            'Active keywords',
            'Alerts today',
            'Capped today',
            'Webhooks',
            'Failing',
          ]}
        >
          {list.map((account) => (
            <tr key={account.id}>
              <th scope="row">
                <Link href={`/${account.id}`}>{account.name || account.id}</Link>
              </th>
              <td>{account.product}</td>
              <td>{account.plan}</td>
              <td>{account.status}</td>
              <td>
                {account.activeKeywords} of {account.keywordLimit}
              </td>
              <td>{account.alertsToday}</td>
              <td>{account.cappedToday}</td>
              <td>{account.webhooks}</td>
              <td>
                {account.failingWebhooks > 0 ? (
                  <span className="badge warn">{account.failingWebhooks} failing</span>
                ) : (
                  0
                )}
              </td>
            </tr>
          ))}
        </ScrollTable>
      </QueryState>
      <CreateAccountForm />
      <SignUpsSection />
    </Page>
  );
}

function CreateAccountForm() {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [plan, setPlan] = useState('starter');
  const [product, setProduct] = useState<Product>('alerts');
  const create = useMutation({
    mutationFn: () => graphqlRequest(OPS_CREATE_ACCOUNT, { input: { name, plan, product } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: OPS_ACCOUNTS_KEY }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const created = create.data?.opsCreateAccount;
  return (
    <form className="card" onSubmit={submit} aria-labelledby="create-account-title">
      <h2 id="create-account-title">Create account</h2>
      <Field
        label="Account name"
        value={name}
        maxLength={200}
        onChange={(event) => setName(event.target.value)}
      />
      <SelectField label="Plan" value={plan} choices={PLAN_CHOICES} onChange={setPlan} />
      <SelectField
        label="Product"
        value={product}
        choices={[
          { value: 'alerts', label: 'Alerts' },
          { value: 'app', label: 'App' },
        ]}
        onChange={(value) => setProduct(value as Product)}
      />
      <ErrorNotice error={create.error} />
      {created && (
        <OnceSecret title="The new account's API key" secret={created.key}>
          <p>
            <Link href={`/${created.account.id}`}>
              Open {created.account.name || created.account.id}
            </Link>
          </p>
        </OnceSecret>
      )}
      <button type="submit" disabled={create.isPending}>
        Create account
      </button>
    </form>
  );
}
