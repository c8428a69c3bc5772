import {
  APP_ACCOUNT_ID,
  APP_KEY,
  bearer,
  controllerSpec,
  errorBody,
  mockOf,
  itTakesOnlyKeysOf,
  type Route,
} from '../../../../../test/utils/controller-harness.js';
import { AppError } from '../../../../common/errors/app-error.js';
import { InboxService } from '../inbox.service.js';
import { InboxController } from './inbox.controller.js';

const SOME_ID = '0190f0f0-0000-7000-8000-000000000000';

describe('InboxController', () => {
  const inbox = mockOf(InboxService);
  const spec = controllerSpec(InboxController, [{ provide: InboxService, useValue: inbox }], {
    prefix: 'api/v1',
  });

  const routes = [
    ['GET', '/api/v1/inbox'],
    ['GET', `/api/v1/inbox/${SOME_ID}`],
    ['PATCH', `/api/v1/inbox/${SOME_ID}`],
  ] as const satisfies readonly Route[];
  const send = (method: string, path: string) => spec.http[method.toLowerCase() as 'get'](path);

  itTakesOnlyKeysOf('app', spec, routes, [inbox]);

  it.each([
    'unread_only=yes',
    'min_score=101',
    'min_score=-1',
    'min_score=high',
    'type=post',
    'sort_by=relevance',
    'limit=0',
    'limit=101',
    'limit=ten',
    'offset=-1',
    'offset=1.5',
    'search_id=',
    'type=seo&type=comment',
  ])('refuses ?%s with 422 invalid_body', async (query) => {
    const res = await spec.http.get(`/api/v1/inbox?${query}`).set(bearer(APP_KEY));
    expect(res.status).toBe(422);
    expect(res.body).toEqual(errorBody('invalid_body'));
    expect(inbox.list).not.toHaveBeenCalled();
  });

  it.each([[{ is_read: 'yes' }], [{ is_declined: null }], [{ is_read: true, starred: true }]])(
    'refuses PATCH %j with 422 invalid_body',
    async (body) => {
      const res = await spec.http.patch(`/api/v1/inbox/${SOME_ID}`).set(bearer(APP_KEY)).send(body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual(errorBody('invalid_body'));
      expect(inbox.update).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['GET', 'get'],
    ['PATCH', 'update'],
  ] as const)(
    'answers %s of an unknown id with the 404 not_found of the service',
    async (method, call) => {
      inbox[call].mockRejectedValue(AppError.notFound('Inbox item'));
      const res = await send(method, `/api/v1/inbox/${SOME_ID}`)
        .set(bearer(APP_KEY))
        .send({ is_read: true });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(errorBody('not_found', 'Inbox item not found'));
      expect(inbox[call].mock.calls[0]?.slice(0, 2)).toEqual([APP_ACCOUNT_ID, SOME_ID]);
    },
  );
});
