import { useMutation } from '@tanstack/react-query';
import { graphql } from '../../gql';
import type { TestWebhookMutation } from '../../gql/graphql';
import { graphqlRequest } from '../../app/graphql';

const TEST_WEBHOOK = graphql(`
  mutation TestWebhook($id: ID!) {
    testWebhook(id: $id) {
      ok
      status
      error
    }
  }
`);

/** `testWebhook`: a sample alert in the webhook's format, sent now (the Webhooks page, the checklist). */
export function useTestWebhook(webhookId: string, onSettled: () => unknown) {
  return useMutation({
    mutationFn: () => graphqlRequest(TEST_WEBHOOK, { id: webhookId }),
    onSettled,
  });
}

/** The test's outcome as the receiver answered it, announced when it arrives. */
export function WebhookTestStatus({ result }: { result?: TestWebhookMutation['testWebhook'] }) {
  return (
    <div role="status">
      {result &&
        (result.ok
          ? `Test delivered: the endpoint answered ${result.status}.`
          : `Test failed: ${result.error ?? `the endpoint answered ${result.status}`}.`)}
    </div>
  );
}
