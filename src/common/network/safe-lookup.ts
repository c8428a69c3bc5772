import dns from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { LookupFunction } from 'node:net';

import { isPublicAddress } from './address-policy.js';
import { parseIpLiteral } from './ip-literal.js';

export const BLOCKED_ADDRESS_CODE = 'EBLOCKEDADDRESS';

export class BlockedAddressError extends Error {
  readonly code = BLOCKED_ADDRESS_CODE;

  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super('blocked: private address');
    this.name = 'BlockedAddressError';
  }
}

type LookupCallback = Parameters<LookupFunction>[2];

/**
 * A drop-in for dns.lookup as a socket's `lookup` option: resolves every address of the host
 * and fails with BlockedAddressError when any of them is not public. The socket connects to
 * the addresses handed back here, so nothing can re-resolve to another one in between
 * (DNS rebinding).
 */
export const safeLookup: LookupFunction = (hostname, options, callback) => {
  const literal = parseIpLiteral(hostname);
  if (literal !== null) {
    answer(hostname, [literal], options, callback);
    return;
  }
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error !== null) callback(error, []);
    else answer(hostname, addresses, options, callback);
  });
};

function answer(
  hostname: string,
  addresses: LookupAddress[],
  options: LookupOptions,
  callback: LookupCallback,
): void {
  const blocked = addresses.find(({ address }) => !isPublicAddress(address));
  if (blocked !== undefined) {
    callback(new BlockedAddressError(hostname, blocked.address), []);
  } else if (options.all === true) {
    callback(null, addresses);
  } else {
    callback(null, addresses[0].address, addresses[0].family);
  }
}
