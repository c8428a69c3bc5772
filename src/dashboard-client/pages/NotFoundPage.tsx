import { Link } from 'wouter';
import { Page } from '../components/Page';
import { HOME } from '../app/session';

export function NotFoundPage() {
  return (
    <Page title="Page not found">
      <p>
        There is no such page in the dashboard. <Link href={HOME}>Go to the alerts</Link>.
      </p>
    </Page>
  );
}
