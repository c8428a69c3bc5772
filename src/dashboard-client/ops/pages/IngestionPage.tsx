import { Page } from '../../components/Page';

export function IngestionPage() {
  return (
    <Page title="Ingestion">
      <p>Coming in this issue.</p>
    </Page>
  );
}
