import {
  ALERTS_ACCOUNT_ID,
  ALERTS_KEY,
  bearer,
  controllerSpec,
  errorBody,
  mockOf,
  itTakesOnlyKeysOf,
  type Route,
} from '../../../../test/utils/controller-harness.js';
import { AppError } from '../../../common/errors/app-error.js';
import { DeliveryLogService } from '../delivery-log/delivery-log.service.js';
import { WebhookDeliveriesController } from './webhook-deliveries.controller.js';

const HOOK_ID = '00000000-0000-4000-8000-000000000000';

describe('WebhookDeliveriesController', () => {
  const log = mockOf(DeliveryLogService);
  const spec = controllerSpec(
    WebhookDeliveriesController,
    [{ provide: DeliveryLogService, useValue: log }],
    { prefix: 'api/v1' },
  );

  const routes = [
    ['GET', `/api/v1/webhooks/${HOOK_ID}/deliveries`],
    ['POST', `/api/v1/webhooks/${HOOK_ID}/deliveries/some-delivery/redeliver`],
    ['POST', `/api/v1/webhooks/${HOOK_ID}/redeliver`],
  ] as const satisfies readonly Route[];

  itTakesOnlyKeysOf('alerts', spec, routes, [log]);

  it.each([
    '?status=sending',
    '?limit=0',
    '?after=nope',
    '?since=yesterday',
    '?status=failed&status=succeeded',
  ])('refuses GET deliveries%s with 422 invalid_body', async (query) => {
    const res = await spec.http
      .get(`/api/v1/webhooks/${HOOK_ID}/deliveries${query}`)
      .set(bearer(ALERTS_KEY));
    expect(res.status).toBe(422);
    expect(res.body).toEqual(errorBody('invalid_body'));
    expect(log.list).not.toHaveBeenCalled();
  });

  it.each([
    [{}],
    [{ since: 'soon' }],
    [{ since: '2020-01-01T00:00:00Z', status: 'succeeded' }],
    [{ since: '2020-01-01T00:00:00Z', x: 1 }],
    [['2020-01-01T00:00:00Z']],
  ])('refuses the redelivery request %j with 422 invalid_body', async (body) => {
    const res = await spec.http
      .post(`/api/v1/webhooks/${HOOK_ID}/redeliver`)
      .set(bearer(ALERTS_KEY))
      .send(body);
    expect(res.status).toBe(422);
    expect(res.body).toEqual(errorBody('invalid_body'));
    expect(log.redeliverFailed).not.toHaveBeenCalled();
  });

  it('answers an unknown delivery with the 404 not_found of the service', async () => {
    log.redeliver.mockRejectedValue(AppError.notFound('Delivery'));
    const res = await spec.http
      .post(`/api/v1/webhooks/${HOOK_ID}/deliveries/no-such-delivery/redeliver`)
      .set(bearer(ALERTS_KEY));
    expect(res.status).toBe(404);
    expect(res.body).toEqual(errorBody('not_found', 'Delivery not found'));
    expect(log.redeliver).toHaveBeenCalledWith(ALERTS_ACCOUNT_ID, HOOK_ID, 'no-such-delivery');
  });
});
