import { once } from 'node:events';
import type { LookupAddress, LookupOptions } from 'node:dns';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

import { safeLookup } from './safe-lookup.js';
import type * as FakeDnsModule from './testing/fake-dns.js';

jest.mock('node:dns', () =>
  jest
    .requireActual<typeof FakeDnsModule>('./testing/fake-dns.js')
    .fakeDns(jest.requireActual('node:dns')),
);

type LookupAnswer =
  | { error: NodeJS.ErrnoException }
  | { addresses: LookupAddress[] }
  | { address: string; family: number };

function lookup(hostname: string, options: LookupOptions = { all: true }): Promise<LookupAnswer> {
  return new Promise((resolve) => {
    safeLookup(hostname, options, (error, address, family) => {
      if (error !== null) resolve({ error });
      else if (typeof address === 'string') resolve({ address, family: family ?? 0 });
      else resolve({ addresses: address });
    });
  });
}

const blocked = (address: string) => ({
  error: expect.objectContaining({
    message: 'blocked: private address',
    code: 'EBLOCKEDADDRESS',
    address,
  }),
});

describe('safeLookup', () => {
  it('hands back every address of a public name', async () => {
    expect(await lookup('public.example.com')).toEqual({
      addresses: [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:4700::1111', family: 6 },
      ],
    });
  });

  it('answers callers that want one address with the first one', async () => {
    expect(await lookup('public.example.com', {})).toEqual({ address: '93.184.216.34', family: 4 });
  });

  it('blocks a name when any one of its addresses is private', async () => {
    expect(await lookup('mixed.example.com')).toEqual(blocked('10.0.0.1'));
  });

  it.each([
    ['rebind.example.com', '127.0.0.1'],
    ['mapped.example.com', '::ffff:127.0.0.1'],
    ['metadata.example.com', '169.254.169.254'],
  ])('blocks %s, which resolves to %s', async (hostname, address) => {
    expect(await lookup(hostname)).toEqual(blocked(address));
  });

  it('blocks localhost as the system resolver answers it', async () => {
    expect(await lookup('localhost')).toEqual(blocked('127.0.0.1'));
  });

  it('judges IP literals without resolving them', async () => {
    expect(await lookup('8.8.8.8')).toEqual({ addresses: [{ address: '8.8.8.8', family: 4 }] });
    expect(await lookup('127.0.0.1')).toEqual(blocked('127.0.0.1'));
    expect(await lookup('::1')).toEqual(blocked('::1'));
  });

  it('passes resolver failures through', async () => {
    expect(await lookup('missing.example.com')).toEqual({
      error: expect.objectContaining({ code: 'ENOTFOUND' }),
    });
  });

  it('keeps a socket from connecting when the name resolves to a private address', async () => {
    let connections = 0;
    const server = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;

    const socket = net.connect({ host: 'rebind.example.com', port, lookup: safeLookup });
    const [error] = await once(socket, 'error');
    server.close();

    expect(error).toMatchObject({ code: 'EBLOCKEDADDRESS', message: 'blocked: private address' });
    expect(connections).toBe(0);
  });
});
