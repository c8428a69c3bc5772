import { Link } from 'wouter';
import { Page } from '../components/Page';

/** The 402 state: the account's plan is canceled, so the server ended the session. */
export function CanceledPage() {
  return (
    <main id="main" className="login">
      <Page title="Subscription required">
        <div className="card" role="status">
          <p>
            This account&apos;s plan is canceled (402 Subscription required), so you were signed
            out, and its API keys are refused too until the plan is active again.
          </p>
          <p>To renew the plan, contact the operator of this service.</p>
          <p>
            <Link href="/login">Sign in again</Link>
          </p>
        </div>
      </Page>
    </main>
  );
}
