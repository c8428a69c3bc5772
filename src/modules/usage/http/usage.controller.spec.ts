import {
  controllerSpec,
  mockOf,
  itTakesOnlyKeysOf,
} from '../../../../test/utils/controller-harness.js';
import { UsageService } from '../usage.service.js';
import { UsageController } from './usage.controller.js';

describe('UsageController', () => {
  const usage = mockOf(UsageService);
  const spec = controllerSpec(UsageController, [{ provide: UsageService, useValue: usage }], {
    prefix: 'api/v1',
  });

  itTakesOnlyKeysOf('alerts', spec, [['GET', '/api/v1/usage']], [usage]);
});
