import ipaddr from 'ipaddr.js';

/** The range an address belongs to, worded for messages; only 'public' may be reached. */
export type AddressRange =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'carrier-grade NAT'
  | 'multicast'
  | 'broadcast'
  | 'benchmarking'
  | 'reserved'
  | 'unique local'
  | 'site-local'
  | 'not an IP address';

type IPv4 = ipaddr.IPv4;
type IPv6 = ipaddr.IPv6;

const IPV4_RANGES: Record<ReturnType<IPv4['range']>, AddressRange> = {
  unicast: 'public',
  // Anycast services IANA lists as globally reachable.
  as112: 'public',
  amt: 'public',
  unspecified: 'unspecified',
  loopback: 'loopback',
  private: 'private',
  linkLocal: 'link-local',
  carrierGradeNat: 'carrier-grade NAT',
  multicast: 'multicast',
  broadcast: 'broadcast',
  benchmarking: 'benchmarking',
  // 192.0.0/24, documentation nets, 198.18/15, 240/4 and the 6to4 relay anycast.
  reserved: 'reserved',
};

/** ipaddr.js names more IPv6 ranges than its types declare; anything not listed is reserved. */
const IPV6_RANGES: Partial<Record<string, AddressRange>> = {
  unicast: 'public',
  amt: 'public',
  as112v6: 'public',
  linkLocal: 'link-local',
  multicast: 'multicast',
  uniqueLocal: 'unique local',
  deprecatedSiteLocal: 'site-local',
  benchmarking: 'benchmarking',
};

const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');
const IPV4_MAPPED = ipaddr.IPv6.parseCIDR('::ffff:0:0/96');
const IPV4_TRANSLATED = ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96');
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR('2002::/16');
const TEREDO = ipaddr.IPv6.parseCIDR('2001::/32');

export function isPublicAddress(ip: string): boolean {
  return describeAddressRange(ip) === 'public';
}

/** Classifies an IP address string; anything that does not parse is never public. */
export function describeAddressRange(ip: string): AddressRange {
  if (!ipaddr.isValid(ip)) return 'not an IP address';
  const address = ipaddr.parse(ip);
  return address instanceof ipaddr.IPv4 ? describeIpv4(address) : describeIpv6(address);
}

function describeIpv4(address: IPv4): AddressRange {
  return IPV4_RANGES[address.range()];
}

function describeIpv6(address: IPv6): AddressRange {
  const range = address.range();
  // ::/96 would otherwise read these two as IPv4-compatible forms of 0.0.0.0 and 0.0.0.1.
  if (range === 'unspecified' || range === 'loopback') return range;

  const embedded = embeddedIpv4Addresses(address);
  if (embedded !== null) {
    const ranges = embedded.map(describeIpv4);
    return ranges.find((name) => name !== 'public') ?? 'public';
  }

  const name = IPV6_RANGES[range] ?? 'reserved';
  return name === 'public' && !address.match(GLOBAL_UNICAST) ? 'reserved' : name;
}

/** The IPv4 addresses a packet to this IPv6 address ends up at, for forms that embed them. */
function embeddedIpv4Addresses(address: IPv6): IPv4[] | null {
  const [, p1, p2, p3, , , p6, p7] = address.parts;
  if (
    address.match(IPV4_MAPPED) ||
    address.match(IPV4_TRANSLATED) ||
    address.match(IPV4_COMPATIBLE) ||
    address.match(NAT64_WELL_KNOWN)
  ) {
    return [ipv4FromParts(p6, p7)];
  }
  if (address.match(SIX_TO_FOUR)) return [ipv4FromParts(p1, p2)];
  // Teredo: the relay server's address, then the client's, stored inverted.
  if (address.match(TEREDO)) return [ipv4FromParts(p2, p3), ipv4FromParts(~p6, ~p7)];
  return null;
}

function ipv4FromParts(high: number, low: number): IPv4 {
  return new ipaddr.IPv4([(high >> 8) & 0xff, high & 0xff, (low >> 8) & 0xff, low & 0xff]);
}
