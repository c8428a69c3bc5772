import { Link } from 'wouter';
import { Page } from '../components/Page';

export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <p>
        There is no such page in the dashboard. <Link href="/">Go to the alerts</Link>.
      </p>
    </Page>
  );
}
