import { Redirect, Route, Switch } from 'wouter';
import { AccountPage } from '../pages/AccountPage';
import { AlertsPage } from '../pages/AlertsPage';
import { EmailPage } from '../pages/EmailPage';
import { ApiKeysPage } from '../pages/ApiKeysPage';
import { FeedsPage } from '../pages/FeedsPage';
import { InboxPage } from '../pages/InboxPage';
import { KeywordsPage } from '../pages/KeywordsPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { TeamPage } from '../pages/TeamPage';
import { AuditLogPage } from '../pages/AuditLogPage';
import { UsagePage } from '../pages/UsagePage';
import { WebhookDeliveriesPage } from '../pages/WebhookDeliveriesPage';
import { WebhooksPage } from '../pages/WebhooksPage';
import { ErrorNotice } from '../components/ErrorNotice';
import { errorCodeOf } from './graphql';
import { LongFailingBanner } from './LongFailingBanner';
import { RoleProvider } from './roles';
import { isUserViewer, OPS_HOME, useViewer } from './session';
import { navigationOf, Shell } from './Shell';

/** Every page behind sign-in, inside the navigation shell, once the viewer is known. */
export function SignedIn() {
  const viewer = useViewer();
  if (viewer.isPending) return <p className="loading">Loading…</p>;
  if (viewer.isError) {
    const code = errorCodeOf(viewer.error);
    if (code === 'unauthorized') return <Redirect to="/login" replace />;
    if (code === 'subscription_required') return <Redirect to="/canceled" replace />;
    return <ErrorNotice error={viewer.error} />;
  }
  const user = viewer.data;
  // An operator has no account: the console is theirs.
  if (!isUserViewer(user)) return <Redirect to={OPS_HOME} replace />;
  const who = [user.account.name, user.user.email].filter((part) => part !== '').join(' · ');
  // An account's user has one of the four roles; only an operator's viewer says operator.
  const role = user.role === 'operator' ? 'viewer' : user.role;
  return (
    <RoleProvider role={role}>
      <Shell brand="Alerts dashboard" who={who} links={navigationOf(user)}>
        {user.account.product === 'alerts' && <LongFailingBanner />}
        <Switch>
          <Route path="/">
            {user.account.product === 'app' ? <Redirect to="/inbox" replace /> : <AlertsPage />}
          </Route>
          <Route path="/inbox">
            <InboxPage />
          </Route>
          <Route path="/keywords">
            <KeywordsPage viewer={user} />
          </Route>
          <Route path="/webhooks">
            <WebhooksPage />
          </Route>
          <Route path="/webhooks/:id">
            {(params) => <WebhookDeliveriesPage webhookId={params.id} />}
          </Route>
          <Route path="/usage">
            <UsagePage />
          </Route>
          <Route path="/api-keys">
            <ApiKeysPage />
          </Route>
          <Route path="/feeds">
            <FeedsPage />
          </Route>
          <Route path="/email">
            <EmailPage />
          </Route>
          <Route path="/team">
            <TeamPage viewer={user} />
          </Route>
          <Route path="/audit-log">
            <AuditLogPage />
          </Route>
          <Route path="/account">
            <AccountPage viewer={user} />
          </Route>
          <Route>
            <NotFoundPage />
          </Route>
        </Switch>
      </Shell>
    </RoleProvider>
  );
}
