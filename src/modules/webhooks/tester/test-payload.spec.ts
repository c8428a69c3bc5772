import { WEBHOOK_TEST_FIELDS } from '../../../../test/utils/spec-fields.js';
import { testPayload } from './test-payload.js';

describe('the test delivery payload', () => {
  const payload = testPayload('wh-1', Date.parse('2026-11-21T10:04:05.678Z'));

  it('is a sample post in the field order of a real payload, with test: true last', () => {
    expect(Object.keys(payload)).toEqual(WEBHOOK_TEST_FIELDS);
  });

  it('carries the decided sample values', () => {
    expect(payload).toMatchObject({
      event: 'test',
      timestamp: '2026-11-21T10:04:05+00:00',
      webhook_id: 'wh-1',
      website: null,
      inbox_id: 'test',
      keyword: 'example',
      keyword_id: 'test',
      relevance_score: null,
      created_utc: 1795255445,
      test: true,
    });
    expect(payload.url).toMatch(/^https:\/\/www\.reddit\.com\/r\/test\/comments\//);
  });
});
