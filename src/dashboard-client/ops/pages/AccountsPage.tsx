import { Page } from '../../components/Page';

export function AccountsPage() {
  return (
    <Page title="Accounts">
      <p>Coming in this issue.</p>
    </Page>
  );
}
