import type * as Dns from 'node:dns';

/**
 * Public-looking names with the answers a hostile or misconfigured DNS could give, so tests can
 * prove what happens after resolution without a network. Other names go to the real resolver.
 */
const FAKE_ZONE = new Map<string, Dns.LookupAddress[] | 'ENOTFOUND'>([
  [
    'public.example.com',
    [
      { address: '93.184.216.34', family: 4 },
      { address: '2606:4700::1111', family: 6 },
    ],
  ],
  [
    'mixed.example.com',
    [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ],
  ],
  ['rebind.example.com', [{ address: '127.0.0.1', family: 4 }]],
  ['mapped.example.com', [{ address: '::ffff:127.0.0.1', family: 6 }]],
  ['metadata.example.com', [{ address: '169.254.169.254', family: 4 }]],
  ['missing.example.com', 'ENOTFOUND'],
]);

/**
 * A node:dns whose lookup answers from FAKE_ZONE, for
 * `jest.mock('node:dns', () => fakeDns(jest.requireActual('node:dns')))`.
 */
export function fakeDns(realDns: typeof Dns): typeof Dns {
  function lookup(
    hostname: string,
    options: Dns.LookupAllOptions,
    callback: (error: NodeJS.ErrnoException | null, addresses: Dns.LookupAddress[]) => void,
  ): void {
    const answer = FAKE_ZONE.get(hostname);
    if (answer === undefined) {
      realDns.lookup(hostname, options, callback);
    } else if (answer === 'ENOTFOUND') {
      const error = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
        code: 'ENOTFOUND',
        hostname,
      });
      process.nextTick(callback, error, []);
    } else {
      process.nextTick(callback, null, answer);
    }
  }
  return { ...realDns, lookup: lookup as typeof Dns.lookup };
}
