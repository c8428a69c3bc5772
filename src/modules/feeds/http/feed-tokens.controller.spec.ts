import {
  APP_KEY,
  bearer,
  controllerHarness,
  errorBody,
  mockOf,
  type ControllerHarness,
} from '../../../../test/utils/controller-harness.js';
import { FeedTokensService } from '../feed-tokens.service.js';
import { FeedTokensController } from './feed-tokens.controller.js';

describe('FeedTokensController', () => {
  const tokens = mockOf(FeedTokensService);
  let harness: ControllerHarness;

  beforeAll(async () => {
    harness = await controllerHarness(FeedTokensController, [
      { provide: FeedTokensService, useValue: tokens },
    ]);
  });
  afterAll(() => harness.close());

  const routes = [
    ['GET', '/api/v1/feeds'],
    ['POST', '/api/v1/feeds/token'],
    ['DELETE', '/api/v1/feeds/token'],
  ] as const;
  const send = (method: string, path: string) => harness.http[method.toLowerCase() as 'get'](path);

  it.each(routes)('answers %s %s without a key with 401 unauthorized', async (method, path) => {
    const res = await send(method, path);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(errorBody('unauthorized', 'Missing or invalid API key'));
  });

  it.each(routes)('refuses an App key on %s %s with 403 wrong_product', async (method, path) => {
    const res = await send(method, path).set(bearer(APP_KEY));
    expect(res.status).toBe(403);
    expect(res.body).toEqual(errorBody('wrong_product'));
    expect(tokens.issue).not.toHaveBeenCalled();
    expect(tokens.revoke).not.toHaveBeenCalled();
  });
});
