import {
  ALERTS_ACCOUNT_ID,
  ALERTS_KEY,
  bearer,
  controllerSpec,
  errorBody,
  mockOf,
  itTakesOnlyKeysOf,
  itWantsJsonBodies,
  type Route,
} from '../../../../test/utils/controller-harness.js';
import { AppError } from '../../../common/errors/app-error.js';
import { WebhookTester } from '../tester/webhook-tester.service.js';
import { WebhooksService } from '../webhooks.service.js';
import { WebhooksController } from './webhooks.controller.js';

const HOOK_URL = 'https://hooks.example.com/reddit-alerts';
const SOME_ID = '00000000-0000-4000-8000-000000000000';

describe('WebhooksController', () => {
  const webhooks = mockOf(WebhooksService);
  const tester = mockOf(WebhookTester);
  const spec = controllerSpec(
    WebhooksController,
    [
      { provide: WebhooksService, useValue: webhooks },
      { provide: WebhookTester, useValue: tester },
    ],
    { prefix: 'api/v1' },
  );

  const routes = [
    ['GET', '/api/v1/webhooks'],
    ['POST', '/api/v1/webhooks'],
    ['GET', `/api/v1/webhooks/${SOME_ID}`],
    ['PATCH', `/api/v1/webhooks/${SOME_ID}`],
    ['DELETE', `/api/v1/webhooks/${SOME_ID}`],
    ['POST', `/api/v1/webhooks/${SOME_ID}/rotate-secret`],
    ['POST', `/api/v1/webhooks/${SOME_ID}/test`],
  ] as const satisfies readonly Route[];
  const send = (method: string, path: string) => spec.http[method.toLowerCase() as 'get'](path);

  itTakesOnlyKeysOf('alerts', spec, routes, [webhooks, tester]);

  describe('POST /webhooks', () => {
    const post = (body: unknown) =>
      spec.http
        .post('/api/v1/webhooks')
        .set(bearer(ALERTS_KEY))
        .send(body as object);

    it.each([
      ['a missing url', { name: 'no url' }],
      ['a url that is not a string', { url: 443 }],
      ['a name over 80 characters', { url: HOOK_URL, name: 'n'.repeat(81) }],
      ['a name that is not a string', { url: HOOK_URL, name: 42 }],
      ['an unknown field', { url: HOOK_URL, events: ['post'] }],
    ])('rejects %s with 422 invalid_body and creates nothing', async (_case, body) => {
      const res = await post(body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual(errorBody('invalid_body'));
      expect(res.body.error.length).toBeGreaterThan(0);
      expect(webhooks.create).not.toHaveBeenCalled();
    });

    it('rejects a malformed JSON body with 422 invalid_body', async () => {
      const res = await spec.http
        .post('/api/v1/webhooks')
        .set(bearer(ALERTS_KEY))
        .set('Content-Type', 'application/json')
        .send('{"url": ');
      expect(res.status).toBe(422);
      expect(res.body).toEqual(errorBody('invalid_body', 'Malformed JSON body'));
    });

    itWantsJsonBodies(
      spec,
      '/api/v1/webhooks',
      ALERTS_KEY,
      [['text/plain', `{"url":"${HOOK_URL}"}`]],
      () => webhooks.create,
    );
  });

  describe('PATCH /webhooks/:id', () => {
    it.each([
      ['a name that is not a string', { name: 7 }],
      ['an active that is not a boolean', { active: 'false' }],
      ['an active of null', { active: null }],
      ['a name of null', { name: null }],
      ['a name over 80 characters', { name: 'n'.repeat(81) }],
      ['an unknown field', { url: 'https://other.example.com/hook' }],
    ])('rejects %s with 422 invalid_body and leaves the webhook unchanged', async (_case, body) => {
      const res = await spec.http
        .patch(`/api/v1/webhooks/${SOME_ID}`)
        .set(bearer(ALERTS_KEY))
        .send(body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual(errorBody('invalid_body'));
      expect(webhooks.update).not.toHaveBeenCalled();
    });
  });

  describe('an unknown id', () => {
    it.each([
      ['GET', 'findLive', ''],
      ['PATCH', 'update', ''],
      ['DELETE', 'remove', ''],
      ['POST', 'rotateSecret', '/rotate-secret'],
    ] as const)('answers %s with the 404 not_found of the service', async (method, call, tail) => {
      webhooks[call].mockRejectedValue(AppError.notFound('Webhook'));
      const res = await send(method, `/api/v1/webhooks/${SOME_ID}${tail}`)
        .set(bearer(ALERTS_KEY))
        .send({ name: 'ghost' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(errorBody('not_found', 'Webhook not found'));
      // Reads take the account's id; changes take the caller, whom the audit log names.
      const [scope, id] = webhooks[call].mock.calls[0] as unknown as [
        string | { accountId: string },
        string,
      ];
      expect(typeof scope === 'string' ? scope : scope.accountId).toBe(ALERTS_ACCOUNT_ID);
      expect(id).toBe(SOME_ID);
    });

    it('answers POST /test with the 404 not_found of the tester', async () => {
      tester.test.mockRejectedValue(AppError.notFound('Webhook'));
      const res = await send('POST', `/api/v1/webhooks/${SOME_ID}/test`).set(bearer(ALERTS_KEY));
      expect(res.status).toBe(404);
      expect(res.body).toEqual(errorBody('not_found', 'Webhook not found'));
      expect(tester.test).toHaveBeenCalledWith(ALERTS_ACCOUNT_ID, SOME_ID);
    });
  });
});
