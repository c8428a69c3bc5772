import {
  ALERTS_ACCOUNT_ID,
  ALERTS_KEY,
  APP_KEY,
  bearer,
  controllerSpec,
  errorBody,
  itWantsJsonBodies,
  mockOf,
} from '../../../../test/utils/controller-harness.js';
import { AppError } from '../../../common/errors/app-error.js';
import { KeywordsService } from '../keywords.service.js';
import { KeywordsController } from './keywords.controller.js';

describe('KeywordsController', () => {
  const keywords = mockOf(KeywordsService);
  const spec = controllerSpec(
    KeywordsController,
    [{ provide: KeywordsService, useValue: keywords }],
    { prefix: 'api/v1' },
  );

  const post = (raw: string) =>
    spec.http
      .post('/api/v1/keywords')
      .set(bearer(ALERTS_KEY))
      .set('Content-Type', 'application/json')
      .send(raw);
  const patch = (id: string, change: object) =>
    spec.http.patch(`/api/v1/keywords/${id}`).set(bearer(ALERTS_KEY)).send(change);

  describe('authentication', () => {
    it.each([
      ['GET', '/api/v1/keywords'],
      ['POST', '/api/v1/keywords'],
      ['PATCH', '/api/v1/keywords/some-id'],
      ['DELETE', '/api/v1/keywords/some-id'],
    ])('answers %s %s without a key with 401 unauthorized', async (method, path) => {
      const res = await spec.http[method.toLowerCase() as 'get'](path);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(errorBody('unauthorized', 'Missing or invalid API key'));
      expect(keywords.list).not.toHaveBeenCalled();
    });

    it('answers a malformed header or an unknown key with 401 unauthorized', async () => {
      for (const authorization of ['Basic abc', `Bearer alr_${'z'.repeat(43)}`]) {
        const res = await spec.http.get('/api/v1/keywords').set('Authorization', authorization);
        expect(res.status).toBe(401);
        expect(res.body).toEqual(errorBody('unauthorized'));
      }
    });

    it('refuses an App key with 403 wrong_product, on reads and writes', async () => {
      const list = await spec.http.get('/api/v1/keywords').set(bearer(APP_KEY));
      expect(list.status).toBe(403);
      expect(list.body).toEqual(
        errorBody('wrong_product', 'This key belongs to an App project; use an Alerts API key'),
      );
      const create = await spec.http
        .post('/api/v1/keywords')
        .set(bearer(APP_KEY))
        .send({ text: 'acme' });
      expect(create.status).toBe(403);
      expect(create.body).toEqual(errorBody('wrong_product'));
      expect(keywords.create).not.toHaveBeenCalled();
    });

    it('serves an Alerts key, listing for its own account', async () => {
      keywords.list.mockResolvedValue([]);
      const res = await spec.http.get('/api/v1/keywords').set(bearer(ALERTS_KEY));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: [], count: 0, keyword_limit: 25 });
      expect(keywords.list).toHaveBeenCalledWith(ALERTS_ACCOUNT_ID);
    });
  });

  describe('POST /keywords', () => {
    it.each([
      ['a string body', '"acme"'],
      ['keywords that is not an array', '{"keywords":"acme"}'],
      ['an object without text or keywords', '{"foo":1}'],
      ['malformed JSON', '{"keywords": ['],
    ])('answers 422 invalid_body for %s and creates nothing', async (_name, raw) => {
      const res = await post(raw);
      expect(res.status).toBe(422);
      expect(res.body).toEqual(errorBody('invalid_body'));
      expect(keywords.create).not.toHaveBeenCalled();
    });

    itWantsJsonBodies(
      spec,
      '/api/v1/keywords',
      ALERTS_KEY,
      [
        ['text/plain', '{"text":"acme"}'],
        ['application/x-www-form-urlencoded', 'text=acme'],
      ],
      () => keywords.create,
    );

    it('refuses a NUL character in a name or phrase with { error, code } and creates nothing', async () => {
      for (const item of [
        { text: 'acme', subreddits: ['news\u0000'] },
        { text: 'acme', exclude: ['free\u0000trial'] },
      ]) {
        const res = await post(JSON.stringify(item));
        expect(res.status).toBe(422);
        expect(res.body).toEqual(errorBody('invalid_body'));
      }
      expect(keywords.create).not.toHaveBeenCalled();
    });
  });

  describe('PATCH /keywords/:id', () => {
    it.each([[{ mode: 'fuzzy' }], [{ active: 'no' }], [{ text: 'renamed' }]])(
      'answers 422 invalid_body for %j and changes nothing',
      async (change) => {
        const res = await patch('some-id', change);
        expect(res.status).toBe(422);
        expect(res.body).toEqual(errorBody('invalid_body'));
        expect(keywords.update).not.toHaveBeenCalled();
      },
    );

    it('answers the not_found of an unknown id as 404 { error, code }', async () => {
      keywords.update.mockRejectedValue(AppError.notFound('Keyword'));
      const res = await patch('unknown', { active: false });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(errorBody('not_found', 'Keyword not found'));
      expect(keywords.update).toHaveBeenCalledWith(
        expect.objectContaining({ accountId: ALERTS_ACCOUNT_ID }),
        'unknown',
        expect.anything(),
      );
    });
  });

  describe('DELETE /keywords/:id', () => {
    it('answers the not_found of an unknown id as 404 { error, code }', async () => {
      keywords.remove.mockRejectedValue(AppError.notFound('Keyword'));
      const res = await spec.http.delete('/api/v1/keywords/unknown').set(bearer(ALERTS_KEY));
      expect(res.status).toBe(404);
      expect(res.body).toEqual(errorBody('not_found', 'Keyword not found'));
    });
  });
});
