import {
  APP_ACCOUNT_ID,
  APP_KEY,
  bearer,
  controllerSpec,
  errorBody,
  mockOf,
  itTakesOnlyKeysOf,
  itWantsJsonBodies,
  type Route,
} from '../../../../../test/utils/controller-harness.js';
import { AppError } from '../../../../common/errors/app-error.js';
import { SearchesService } from '../searches.service.js';
import { SearchesController } from './searches.controller.js';

const SOME_ID = '0190f0f0-0000-7000-8000-000000000000';

describe('SearchesController', () => {
  const searches = mockOf(SearchesService);
  const spec = controllerSpec(
    SearchesController,
    [{ provide: SearchesService, useValue: searches }],
    { prefix: 'api/v1' },
  );

  const routes = [
    ['GET', '/api/v1/searches'],
    ['POST', '/api/v1/searches'],
    ['GET', `/api/v1/searches/${SOME_ID}`],
    ['PATCH', `/api/v1/searches/${SOME_ID}`],
    ['DELETE', `/api/v1/searches/${SOME_ID}`],
  ] as const satisfies readonly Route[];
  const send = (method: string, path: string) => spec.http[method.toLowerCase() as 'get'](path);

  itTakesOnlyKeysOf('app', spec, routes, [searches]);

  it.each([
    [{ keywords: ['alpha'] }, 'name'],
    [{ name: 'x'.repeat(101), keywords: ['alpha'] }, 'name'],
    [{ name: 'n' }, 'keywords'],
    [{ name: 'n', keywords: [] }, 'keywords'],
    [{ name: 'n', keywords: Array.from({ length: 51 }, (_, i) => `term ${i}`) }, 'keywords'],
    [{ name: 'n', keywords: ['a'] }, 'keywords[0]'],
    [{ name: 'n', keywords: ['one two three four five six seven'] }, 'words'],
    [{ name: 'n', keywords: [{ text: 'alpha', mode: 'fuzzy' }] }, 'mode'],
    [{ name: 'n', keywords: ['alpha', 'ALPHA'] }, 'repeats'],
    [{ name: 'n', keywords: ['alpha'], description: 42 }, 'description'],
    [{ name: 'n', keywords: ['alpha'], active: 'yes' }, 'active'],
    [{ name: 'n', keywords: ['alpha'], owner: 'me' }, 'owner'],
  ])('refuses POST %j with 422 invalid_body naming %s', async (body, field) => {
    const res = await spec.http.post('/api/v1/searches').set(bearer(APP_KEY)).send(body);
    expect(res.status).toBe(422);
    expect(res.body).toEqual(errorBody('invalid_body', expect.stringContaining(field)));
    expect(searches.create).not.toHaveBeenCalled();
  });

  itWantsJsonBodies(
    spec,
    '/api/v1/searches',
    APP_KEY,
    [['text/plain', '{"name":"s","keywords":["acme"]}']],
    () => searches.create,
  );

  it.each([[{}], [{ keywords: [] }], [{ name: '' }], [{ active: null }], [{ id: 'x' }]])(
    'refuses PATCH %j with 422 and leaves the search unchanged',
    async (body) => {
      const res = await spec.http
        .patch(`/api/v1/searches/${SOME_ID}`)
        .set(bearer(APP_KEY))
        .send(body);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('invalid_body');
      expect(searches.update).not.toHaveBeenCalled();
    },
  );

  it.each([
    ['GET', 'get'],
    ['PATCH', 'update'],
    ['DELETE', 'remove'],
  ] as const)(
    'answers %s of an unknown id with the 404 not_found of the service',
    async (method, call) => {
      searches[call].mockRejectedValue(AppError.notFound('Search'));
      const res = await send(method, `/api/v1/searches/${SOME_ID}`)
        .set(bearer(APP_KEY))
        .send({ name: 'Mine' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(errorBody('not_found', 'Search not found'));
      expect(searches[call].mock.calls[0]?.slice(0, 2)).toEqual([APP_ACCOUNT_ID, SOME_ID]);
    },
  );
});
