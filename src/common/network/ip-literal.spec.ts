import { parseIpLiteral } from './ip-literal.js';

const ipv4Forms: [host: string, address: string][] = [
  ['127.0.0.1', '127.0.0.1'],
  ['2130706433', '127.0.0.1'],
  ['0x7f000001', '127.0.0.1'],
  ['0X7F000001', '127.0.0.1'],
  ['0x7f.0.0.1', '127.0.0.1'],
  ['0x7f.1', '127.0.0.1'],
  ['0177.0.0.1', '127.0.0.1'],
  ['017700000001', '127.0.0.1'],
  ['127.000.000.001', '127.0.0.1'],
  ['127.1', '127.0.0.1'],
  ['127.0.1', '127.0.0.1'],
  ['127.0.0.1.', '127.0.0.1'],
  ['0', '0.0.0.0'],
  ['0x', '0.0.0.0'],
  ['3232235521', '192.168.0.1'],
  ['0300.0250.0.1', '192.168.0.1'],
  ['0xc0.0xa8.0x00.0x01', '192.168.0.1'],
  ['1.1', '1.0.0.1'],
  ['255.255.255.255', '255.255.255.255'],
];

const ipv6Forms: [host: string, address: string][] = [
  ['[::1]', '::1'],
  ['::1', '::1'],
  ['[::ffff:127.0.0.1]', '::ffff:127.0.0.1'],
  ['[::ffff:7f00:1]', '::ffff:7f00:1'],
  ['[64:ff9b::a00:1]', '64:ff9b::a00:1'],
  ['[2606:4700::1111]', '2606:4700::1111'],
  ['fe80::1%eth0', 'fe80::1%eth0'],
];

const names = [
  'example.com',
  'localhost',
  '1e2',
  '127.0.0.1.example.com',
  '127.0.0.1..',
  '08.0.0.1',
  '0x7g.0.0.1',
  '256.0.0.1',
  '1.2.3.4.5',
  '4294967296',
  '1.16777216',
  '[example.com]',
  '[127.0.0.1]',
  '',
];

describe('parseIpLiteral', () => {
  it.each(ipv4Forms)('reads %s as the IPv4 address %s', (host, address) => {
    expect(parseIpLiteral(host)).toEqual({ family: 4, address });
  });

  it.each(ipv4Forms)('agrees with the WHATWG URL parser on %s', (host, address) => {
    expect(new URL(`https://${host}/`).hostname).toBe(address);
  });

  it.each(ipv6Forms)('reads %s as the IPv6 address %s', (host, address) => {
    expect(parseIpLiteral(host)).toEqual({ family: 6, address });
  });

  it.each(names)('does not take %j for an address', (host) => {
    expect(parseIpLiteral(host)).toBeNull();
  });
});
