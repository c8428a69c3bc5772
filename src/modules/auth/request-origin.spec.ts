import type { Request } from 'express';
import { isCrossOrigin } from './request-origin.js';

const requestWith = (headers: Record<string, string>) =>
  ({ get: (name: string) => headers[name.toLowerCase()] }) as Request;

const OWN = 'http://127.0.0.1:3000';

describe('isCrossOrigin', () => {
  it('lets same-origin requests and requests without browser headers through', () => {
    expect(isCrossOrigin(requestWith({}), OWN)).toBe(false);
    expect(isCrossOrigin(requestWith({ origin: OWN }), OWN)).toBe(false);
    expect(isCrossOrigin(requestWith({ 'sec-fetch-site': 'same-origin', origin: OWN }), OWN)).toBe(
      false,
    );
    expect(isCrossOrigin(requestWith({ origin: 'HTTPS://Alerts.Example.com:443' }), 'https://alerts.example.com')).toBe(false);
  });

  it('refuses another port, host or scheme, an opaque origin and any other Sec-Fetch-Site', () => {
    for (const origin of [
      'http://127.0.0.1:3001',
      'http://localhost:3000',
      'https://127.0.0.1:3000',
      'null',
    ]) {
      expect(isCrossOrigin(requestWith({ origin }), OWN)).toBe(true);
    }
    for (const site of ['same-site', 'cross-site', 'none']) {
      expect(isCrossOrigin(requestWith({ 'sec-fetch-site': site }), OWN)).toBe(true);
      expect(isCrossOrigin(requestWith({ 'sec-fetch-site': site, origin: OWN }), OWN)).toBe(true);
    }
  });
});
