import {
  ALERTS_ACCOUNT_ID,
  ALERTS_KEY,
  bearer,
  controllerSpec,
  errorBody,
  mockOf,
  itTakesOnlyKeysOf,
} from '../../../../test/utils/controller-harness.js';
import { AppError } from '../../../common/errors/app-error.js';
import { AlertsService } from '../alerts.service.js';
import { AlertsController } from './alerts.controller.js';

const SOME_ID = '00000000-0000-4000-8000-000000000000';

describe('AlertsController', () => {
  const alerts = mockOf(AlertsService);
  const spec = controllerSpec(AlertsController, [{ provide: AlertsService, useValue: alerts }], {
    prefix: 'api/v1',
  });

  const list = (query: string) => spec.http.get(`/api/v1/alerts${query}`).set(bearer(ALERTS_KEY));
  const expectInvalid = (res: { status: number; body: { error: string } }) => {
    expect(res.status).toBe(422);
    expect(res.body).toEqual(errorBody('invalid_body'));
    expect(res.body.error.length).toBeGreaterThan(0);
    expect(alerts.list).not.toHaveBeenCalled();
  };

  itTakesOnlyKeysOf(
    'alerts',
    spec,
    [
      ['GET', '/api/v1/alerts'],
      ['GET', `/api/v1/alerts/${SOME_ID}`],
    ],
    [alerts],
  );

  it.each(['0', '101', 'abc', '1.5', '-1', ''])(
    'rejects limit=%p with 422 invalid_body',
    async (limit) => {
      expectInvalid(await list(`?limit=${limit}`));
    },
  );

  it.each([
    ['since', 'yesterday'],
    ['since', '2026-13-01T00:00:00Z'],
    ['since', '21/11/2026'],
    ['since', '2026-02-30T00:00:00Z'],
    ['type', 'link'],
    ['type', 'posts'],
    ['after', 'not-a-cursor'],
    ['after', Buffer.from('{"matchedAt":1}').toString('base64url')],
  ])('rejects a malformed %s=%p with 422 invalid_body', async (name, value) => {
    expectInvalid(await list(`?${new URLSearchParams({ [name]: value }).toString()}`));
  });

  it('rejects a filter given twice with 422 invalid_body', async () => {
    expectInvalid(await list('?type=post&type=comment'));
  });

  it('hints at URL-encoding + as %2B when since arrives with a space for its offset', async () => {
    // An unencoded + in a query string decodes to a space on the server.
    const raw = await list('?since=2026-11-20T10:00:00+01:00');
    expect(raw.status).toBe(422);
    expect(raw.body.code).toBe('invalid_body');
    expect(raw.body.error).toMatch(/^since must be an ISO 8601 timestamp.*URL-encode \+ as %2B/);

    const word = await list('?since=yesterday');
    expect(word.status).toBe(422);
    expect(word.body).toEqual({
      error:
        'since must be an ISO 8601 timestamp such as 2026-11-21T10:04:05Z (in a URL, encode a + offset as %2B)',
      code: 'invalid_body',
    });

    alerts.list.mockResolvedValue({ alerts: [], nextCursor: null });
    const encoded = await list('?since=2026-11-20T10:00:00%2B01:00');
    expect(encoded.status).toBe(200);
    expect(encoded.body).toEqual({ data: [], next_cursor: null });
  });

  it('answers an unknown id with the 404 not_found of the service', async () => {
    alerts.get.mockRejectedValue(AppError.notFound('Alert'));
    const res = await spec.http.get(`/api/v1/alerts/${SOME_ID}`).set(bearer(ALERTS_KEY));
    expect(res.status).toBe(404);
    expect(res.body).toEqual(errorBody('not_found', 'Alert not found'));
    expect(alerts.get).toHaveBeenCalledWith(
      expect.objectContaining({ accountId: ALERTS_ACCOUNT_ID }),
      SOME_ID,
    );
  });
});
