import {
  controllerSpec,
  mockOf,
  itTakesOnlyKeysOf,
  type Route,
} from '../../../../test/utils/controller-harness.js';
import { FeedTokensService } from '../feed-tokens.service.js';
import { FeedTokensController } from './feed-tokens.controller.js';

describe('FeedTokensController', () => {
  const tokens = mockOf(FeedTokensService);
  const spec = controllerSpec(FeedTokensController, [
    { provide: FeedTokensService, useValue: tokens },
  ]);

  const routes = [
    ['GET', '/api/v1/feeds'],
    ['POST', '/api/v1/feeds/token'],
    ['DELETE', '/api/v1/feeds/token'],
  ] as const satisfies readonly Route[];

  itTakesOnlyKeysOf('alerts', spec, routes, [tokens]);
});
