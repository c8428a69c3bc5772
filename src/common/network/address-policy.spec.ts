import { describeAddressRange, isPublicAddress } from './address-policy.js';
import type { AddressRange } from './address-policy.js';

const cases: [address: string, range: AddressRange][] = [
  // Public controls, including the boundaries next to private ranges.
  ['8.8.8.8', 'public'],
  ['1.1.1.1', 'public'],
  ['93.184.216.34', 'public'],
  ['172.32.0.1', 'public'],
  ['100.128.0.1', 'public'],
  ['2606:4700::1111', 'public'],
  ['2001:4860:4860::8888', 'public'],
  ['::ffff:8.8.8.8', 'public'],
  ['64:ff9b::808:808', 'public'],
  ['2002:808:808::1', 'public'],
  ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'public'],

  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['169.254.169.254', 'link-local'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.255', 'carrier-grade NAT'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved'],
  ['192.0.0.8', 'reserved'],
  ['192.0.2.10', 'reserved'],
  ['198.18.0.1', 'reserved'],
  ['198.51.100.7', 'reserved'],
  ['203.0.113.9', 'reserved'],

  ['::1', 'loopback'],
  ['::', 'unspecified'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local'],
  ['fc00::1', 'unique local'],
  ['fd12:3456:789a::1', 'unique local'],
  ['fec0::1', 'site-local'],
  ['ff02::1', 'multicast'],
  ['2001:db8::1', 'reserved'],
  ['3fff::1', 'reserved'],
  ['2001:2::1', 'benchmarking'],
  ['100::1', 'reserved'],
  ['5f00::1', 'reserved'],
  ['4000::1', 'reserved'],
  ['64:ff9b:1::a00:1', 'reserved'],

  // IPv6 forms judged by the IPv4 address they carry
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:169.254.169.254', 'link-local'],
  ['::7f00:1', 'loopback'],
  ['::127.0.0.1', 'loopback'],
  ['::ffff:0:a00:1', 'private'],
  ['64:ff9b::127.0.0.1', 'loopback'],
  ['64:ff9b::7f00:1', 'loopback'],
  ['64:ff9b::a00:1', 'private'],
  ['2002:7f00:1::1', 'loopback'],
  ['2002:c0a8:101::1', 'private'],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'],
  ['2001:0:a00:1:8000:63bf:f7f7:f7f7', 'private'],

  ['example.com', 'not an IP address'],
  ['', 'not an IP address'],
];

describe('describeAddressRange', () => {
  it.each(cases)('classifies %s as %s', (address, range) => {
    expect(describeAddressRange(address)).toBe(range);
  });
});

describe('isPublicAddress', () => {
  it.each(cases)('agrees with the range of %s', (address, range) => {
    expect(isPublicAddress(address)).toBe(range === 'public');
  });
});
