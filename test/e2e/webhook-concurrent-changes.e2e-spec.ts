import { createWebhook } from '../factories/webhook.factory.js';
import { bearer, TestApps, type TestApp } from '../utils/create-test-app.js';
import { webhookState } from '../utils/delivery-scenario.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import {
  hasValidSignature,
  ReceiverPool,
  standardSignature,
  type WebhookReceiver,
} from '../utils/webhook-receiver.js';

const ROUNDS = 30;

/** Changes a client sends at the same moment, each reading the row it changes in its own transaction. */
describe.each(testDatabaseKinds())('changes to one webhook sent at once on %s', (kind) => {
  const apps = new TestApps(kind, { WEBHOOK_ALLOW_PRIVATE: 'true' });
  const receivers = new ReceiverPool();
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeEach(async () => {
    [t, receiver] = await Promise.all([apps.start(), receivers.start()]);
  });
  afterEach(async () => {
    await apps.closeAll();
    await receivers.closeAll();
  });

  it('a rename and a pause sent together both apply, every time', async () => {
    const { apiKey } = await t.account();
    const hook = await createWebhook(t, apiKey, receiver.url);
    const change = (body: object) =>
      t.http.patch(`/api/v1/webhooks/${hook.id}`).set(bearer(apiKey)).send(body);

    for (let round = 0; round < ROUNDS; round += 1) {
      const active = round % 2 === 1;
      const answers = await Promise.all([change({ name: `hook ${round}` }), change({ active })]);

      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const { name, active: stored } = await webhookState(t, apiKey, hook.id);
      expect({ round, name, active: stored }).toEqual({ round, name: `hook ${round}`, active });
    }
  });

  it('two secret rotations sent together leave both new secrets signing, one as the replaced', async () => {
    const { apiKey } = await t.account();
    const hook = await createWebhook(t, apiKey, receiver.url);
    const rotate = async () => {
      const res = await t.http
        .post(`/api/v1/webhooks/${hook.id}/rotate-secret`)
        .set(bearer(apiKey))
        .expect(200);
      return (res.body as { secret: string }).secret;
    };

    for (let round = 0; round < ROUNDS / 3; round += 1) {
      const secrets = await Promise.all([rotate(), rotate()]);
      await t.http.post(`/api/v1/webhooks/${hook.id}/test`).set(bearer(apiKey)).expect(200);

      const request = receiver.requests.at(-1)!;
      const signedWith = await Promise.all(
        secrets.map((secret) => hasValidSignature(request, secret)),
      );
      expect(signedWith.filter(Boolean)).toHaveLength(1);
      expect(String(request.headers['webhook-signature']).split(' ').sort()).toEqual(
        secrets.map((secret) => standardSignature(request, secret)).sort(),
      );
    }
  });
});
