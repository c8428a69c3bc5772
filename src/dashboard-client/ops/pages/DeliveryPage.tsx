import { Page } from '../../components/Page';

export function DeliveryPage() {
  return (
    <Page title="Delivery">
      <p>Coming in this issue.</p>
    </Page>
  );
}
