import ipaddr from 'ipaddr.js';

export interface IpLiteral {
  family: 4 | 6;
  /** Dotted decimal for IPv4; for IPv6 the text inside the brackets, as given. */
  address: string;
}

/**
 * Recognises a host that is an IP address rather than a name, in every notation a URL parser
 * or inet_aton-style resolver accepts: 127.0.0.1, 127.1, 2130706433, 0x7f000001, 0x7f.0.0.1,
 * 0177.0.0.1, a trailing dot, and IPv6 with or without brackets.
 */
export function parseIpLiteral(host: string): IpLiteral | null {
  const unbracketed = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (ipaddr.IPv6.isValid(unbracketed)) return { family: 6, address: unbracketed };
  if (unbracketed !== host) return null;

  const value = parseIpv4(host);
  return value === null ? null : { family: 4, address: formatIpv4(value) };
}

/** The WHATWG URL IPv4 parser: up to four parts, the last one filling the remaining bytes. */
function parseIpv4(host: string): number | null {
  const parts = host.split('.');
  if (parts.length > 1 && parts.at(-1) === '') parts.pop();
  if (parts.length > 4) return null;

  const numbers: number[] = [];
  for (const part of parts) {
    const number = parseIpv4Part(part);
    if (number === null) return null;
    numbers.push(number);
  }

  const leading = numbers.slice(0, -1);
  const last = numbers[numbers.length - 1];
  if (leading.some((part) => part > 255) || last >= 256 ** (5 - numbers.length)) return null;
  return leading.reduce((sum, part, index) => sum + part * 256 ** (3 - index), last);
}

function parseIpv4Part(part: string): number | null {
  if (part === '') return null;
  if (/^0x/i.test(part)) return parseDigits(part.slice(2), 16, /^[0-9a-f]*$/i);
  if (part.length > 1 && part.startsWith('0')) return parseDigits(part.slice(1), 8, /^[0-7]*$/);
  return parseDigits(part, 10, /^[0-9]*$/);
}

function parseDigits(digits: string, radix: number, allowed: RegExp): number | null {
  if (!allowed.test(digits)) return null;
  return digits === '' ? 0 : Number.parseInt(digits, radix);
}

function formatIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}
