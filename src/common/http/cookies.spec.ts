import type { Request } from 'express';
import { cookieValue } from './cookies.js';

const withCookie = (cookie?: string) => ({ headers: { cookie } }) as Request;

describe('cookieValue', () => {
  it('finds the named cookie among others, whatever the spacing', () => {
    expect(cookieValue(withCookie('a=1; alerts_session=abc_-9;b=2'), 'alerts_session')).toBe(
      'abc_-9',
    );
    expect(cookieValue(withCookie('alerts_session=xyz'), 'alerts_session')).toBe('xyz');
  });

  it('answers undefined without the cookie, or without any Cookie header', () => {
    expect(cookieValue(withCookie('other_alerts_session=1; a=2'), 'alerts_session')).toBe(
      undefined,
    );
    expect(cookieValue(withCookie(), 'alerts_session')).toBe(undefined);
    expect(cookieValue(withCookie('alerts_session'), 'alerts_session')).toBe(undefined);
  });
});
