import type { Request } from 'express';
import { clientAddress } from './client-address.js';

const request = (forwardedFor?: string | string[]) =>
  ({
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    socket: { remoteAddress: '10.0.0.5' },
  }) as unknown as Request;

describe('clientAddress', () => {
  it('is the TCP peer unless the proxy is trusted', () => {
    expect(clientAddress(request('203.0.113.9'), false)).toBe('10.0.0.5');
    expect(clientAddress(request(), true)).toBe('10.0.0.5');
  });

  it('takes the entry the trusted proxy appended, never one the client wrote before it', () => {
    expect(clientAddress(request('198.51.100.1, 203.0.113.9'), true)).toBe('203.0.113.9');
    expect(clientAddress(request(['198.51.100.1', '203.0.113.9 ']), true)).toBe('203.0.113.9');
    expect(clientAddress(request(' , '), true)).toBe('10.0.0.5');
  });
});
