import { redactParameters, redactUrl } from './redact-url.js';

const API_KEY = `alr_${'A1b2C3d4'.repeat(5)}xyz`;
const FEED_TOKEN = `feed_${'k9-Z_'.repeat(8)}abc`;
const UUID = '0192f0c4-7d3e-7b1a-9c2d-3e4f5a6b7c8d';

describe('redactUrl', () => {
  it('redacts a key passed in the query string, under any name', () => {
    expect(redactUrl(`/api/v1/keywords?api_key=${API_KEY}`)).toBe(
      '/api/v1/keywords?api_key=[REDACTED]',
    );
    expect(redactUrl(`/api/v1/alerts?limit=5&k=${API_KEY}`)).toBe(
      '/api/v1/alerts?limit=5&k=[REDACTED]',
    );
    expect(redactUrl(`/api/v1/alerts?x=${encodeURIComponent(` ${API_KEY}`)}`)).toBe(
      '/api/v1/alerts?x=[REDACTED]',
    );
  });

  it('redacts values under credential names even when they look harmless', () => {
    expect(redactUrl('/x?token=abc&access_token=def&Password=1')).toBe(
      '/x?token=[REDACTED]&access_token=[REDACTED]&Password=[REDACTED]',
    );
  });

  it('redacts the feed token in a feed path and keeps the rest', () => {
    expect(redactUrl(`/feeds/${FEED_TOKEN}/alerts.rss?keyword_id=${UUID}`)).toBe(
      `/feeds/[REDACTED]/alerts.rss?keyword_id=${UUID}`,
    );
  });

  it('redacts the token of a confirmation or unsubscribe link', () => {
    const token = `mail_${'Ab3-_'.repeat(8)}xyz`;
    expect(redactUrl(`/email/unsubscribe/${token}`)).toBe('/email/unsubscribe/[REDACTED]');
    expect(redactUrl(`/email/confirm/${token}`)).toBe('/email/confirm/[REDACTED]');
  });

  it('redacts the token of the first start’s setup link, as the page’s request or a path', () => {
    const token = `setup_${'Ab3-_'.repeat(8)}xyz`;
    expect(redactUrl(`/dashboard/setup?token=${token}`)).toBe('/dashboard/setup?token=[REDACTED]');
    expect(redactUrl(`/dashboard/setup?t=${token}`)).toBe('/dashboard/setup?t=[REDACTED]');
    expect(redactUrl(`/dashboard/${token}`)).toBe('/dashboard/[REDACTED]');
  });

  it('leaves ids, filters and ordinary values alone', () => {
    const url = `/api/v1/alerts?keyword_id=${UUID}&subreddit=selfhosted&since=2026-11-21T10:00:00Z`;
    expect(redactUrl(url)).toBe(url);
    expect(redactUrl(`/api/v1/keywords/${UUID}`)).toBe(`/api/v1/keywords/${UUID}`);
  });
});

describe('redactParameters', () => {
  it('redacts parsed query and route parameters by the same rule', () => {
    expect(redactParameters({ token: FEED_TOKEN, api_key: 'short', limit: '5', id: UUID })).toEqual(
      {
        token: '[REDACTED]',
        api_key: '[REDACTED]',
        limit: '5',
        id: UUID,
      },
    );
  });
});
