import { Link, Redirect, Route, Switch } from 'wouter';
import { ErrorNotice } from '../components/ErrorNotice';
import { Page } from '../components/Page';
import { errorCodeOf } from '../app/graphql';
import { DASHBOARD_BASE, HOME, useViewer } from '../app/session';
import { Shell, type NavigationLink } from '../app/Shell';
import { DependencyNotice } from './components/DependencyNotice';
import { AccountsPage } from './pages/AccountsPage';
import { DeliveryPage } from './pages/DeliveryPage';
import { IngestionPage } from './pages/IngestionPage';

/** decisions section 10: scripts find the console's pages by these link names. */
const OPS_LINKS: NavigationLink[] = [
  { href: '/', name: 'Ingestion' },
  { href: '/delivery', name: 'Delivery' },
  { href: '/accounts', name: 'Accounts' },
];

/** The operator console (/dashboard/ops): its pages, inside the shell, for operators only. */
export function OpsSignedIn() {
  const viewer = useViewer();
  if (viewer.isPending) return <p className="loading">Loading…</p>;
  if (viewer.isError) {
    if (errorCodeOf(viewer.error) === 'unauthorized') {
      return <Redirect to={`~${DASHBOARD_BASE}/login`} replace />;
    }
    return <ErrorNotice error={viewer.error} />;
  }
  if (viewer.data.role !== 'operator') {
    return (
      <main id="main" className="login">
        <Page title="Operators only">
          <div className="card" role="status">
            <p>The operator console is for the operators of the service.</p>
            <p>
              <Link href={HOME}>Go to your dashboard</Link>
            </p>
          </div>
        </Page>
      </main>
    );
  }
  return (
    <Shell brand="Operator console" who={viewer.data.user.email} links={OPS_LINKS}>
      <DependencyNotice />
      <Switch>
        <Route path="/">
          <IngestionPage />
        </Route>
        <Route path="/delivery">
          <DeliveryPage />
        </Route>
        <Route path="/accounts" nest>
          <AccountsPage />
        </Route>
        <Route>
          <Page title="Page not found">
            <p>There is no such page in the operator console.</p>
          </Page>
        </Route>
      </Switch>
    </Shell>
  );
}
