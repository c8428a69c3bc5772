import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Route, Router, Switch } from 'wouter';
import { CanceledPage } from '../pages/CanceledPage';
import { InvitePage } from '../pages/InvitePage';
import { LoginPage } from '../pages/LoginPage';
import { SetupPage } from '../pages/SetupPage';
import { SsoLoginPage } from '../pages/SsoLoginPage';
import { SignUpPage } from '../pages/SignUpPage';
import { VerifySignUpPage } from '../pages/VerifySignUpPage';
import { OpsSignedIn } from '../ops/OpsSignedIn';
import { QUERY_DEFAULTS } from './query-defaults';
import { DASHBOARD_BASE, leaveOnSessionEnd, OPS_HOME } from './session';
import { SignedIn } from './SignedIn';

const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error) => leaveOnSessionEnd(queryClient, error) }),
  mutationCache: new MutationCache({ onError: (error) => leaveOnSessionEnd(queryClient, error) }),
  defaultOptions: {
    queries: QUERY_DEFAULTS,
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Router base={DASHBOARD_BASE}>
        <Switch>
          <Route path="/login">
            <LoginPage />
          </Route>
          <Route path="/login/sso">
            <SsoLoginPage />
          </Route>
          <Route path="/setup">
            <SetupPage />
          </Route>
          <Route path="/signup">
            <SignUpPage />
          </Route>
          <Route path="/signup/verify">
            <VerifySignUpPage />
          </Route>
          <Route path="/invite">
            <InvitePage />
          </Route>
          <Route path="/canceled">
            <CanceledPage />
          </Route>
          <Route path={OPS_HOME} nest>
            <OpsSignedIn />
          </Route>
          <Route>
            <SignedIn />
          </Route>
        </Switch>
      </Router>
    </QueryClientProvider>
  );
}
