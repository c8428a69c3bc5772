import {
  APP_KEY,
  bearer,
  controllerHarness,
  errorBody,
  mockOf,
  type ControllerHarness,
} from '../../../../test/utils/controller-harness.js';
import { UsageService } from '../usage.service.js';
import { UsageController } from './usage.controller.js';

describe('UsageController', () => {
  const usage = mockOf(UsageService);
  let harness: ControllerHarness;

  beforeAll(async () => {
    harness = await controllerHarness(
      UsageController,
      [{ provide: UsageService, useValue: usage }],
      {
        prefix: 'api/v1',
      },
    );
  });
  afterAll(() => harness.close());

  it('answers GET /usage without a key with 401 unauthorized', async () => {
    const res = await harness.http.get('/api/v1/usage');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(errorBody('unauthorized', 'Missing or invalid API key'));
  });

  it('refuses an App key with 403 wrong_product', async () => {
    const res = await harness.http.get('/api/v1/usage').set(bearer(APP_KEY));
    expect(res.status).toBe(403);
    expect(res.body).toEqual(errorBody('wrong_product'));
    expect(usage.report).not.toHaveBeenCalled();
  });
});
