import fc from 'fast-check';

import { forEachUrlHost } from './url-hosts.js';

/** The definition the scan must agree with: every match of the pattern run over the whole text. */
const URL_HOST = /\bhttps?:\/\/(?:[^\s/?#@]*@)?([^\s/?#:<>()[\]"'`*]+)/giu;

function hostsOf(text: string): string[] {
  const hosts: string[] = [];
  forEachUrlHost(text, (host) => hosts.push(host));
  return hosts;
}

describe('forEachUrlHost', () => {
  it('finds the host of each http and https URL, in order', () => {
    expect(hostsOf('see https://github.com/acme and http://Docs.Acme.io?x=1 too')).toEqual([
      'github.com',
      'Docs.Acme.io',
    ]);
  });

  it('skips user information and stops at a port', () => {
    expect(hostsOf('https://user:secret@example.com:8080/path')).toEqual(['example.com']);
  });

  it('needs the scheme to start a word', () => {
    expect(hostsOf('xhttps://example.com nothttp://a.b')).toEqual([]);
    expect(hostsOf('(https://example.com)')).toEqual(['example.com']);
  });

  it('finds nothing in a scheme without a host, or another scheme', () => {
    expect(hostsOf('https:// example.com ftp://files.example.com')).toEqual([]);
  });

  it('does not find a URL inside the one before it', () => {
    expect(hostsOf('http://a@http://b.com')).toEqual(['http']);
  });

  it('agrees with the pattern run over the whole text, on any text', () => {
    const pieces = fc.constantFrom(
      'http',
      'https',
      'HTTPS',
      '://',
      ':',
      '/',
      '//',
      '@',
      '.',
      'a',
      'b.com',
      's',
      'p',
      'x',
      '_',
      ' ',
      '\n',
      '\u00a0',
      '?',
      '#',
      '(',
      ')',
      '"',
      '*',
      'é',
      'ſ',
      '\u212a',
      '1',
    );
    const texts = fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(texts, (text) => {
        const expected = [...text.matchAll(URL_HOST)].map((match) => match[1]);
        expect(hostsOf(text)).toEqual(expected);
      }),
      { numRuns: 5_000 },
    );
  });
});
