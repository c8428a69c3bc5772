import fc from 'fast-check';

/** Every byte of the UTF-8 form percent-encoded except unreserved characters (lone surrogates become U+FFFD). */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');
}

/** Text a careless client or an attacker sends where the API expects an id, a name or a filter. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ maxLength: 12 }),
  fc.constantFrom(
    '',
    ' ',
    '\0',
    'a\0b',
    '\ud800',
    '..',
    '../../etc/passwd',
    '%00',
    '%',
    'null',
    'undefined',
    'NaN',
    'Infinity',
    '-1',
    '0',
    '1e400',
    '99999999999999999999999999',
    "' OR 1=1 --",
    '"; DROP TABLE keywords; --',
    '<script>alert(1)</script>',
    '\u202e\u0000\uffff',
    '🦄'.repeat(50),
    'x'.repeat(5_000),
    'r/',
    '2026-02-30',
    '+275760-09-13T00:00:00.000Z',
    '00000000-0000-0000-0000-000000000000',
  ),
);

/** Path segments as they appear on the wire: encoded hostile text, or raw encodings that are themselves broken. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  hostileText.map(percentEncode),
  fc.constantFrom(
    '%00',
    'a%00b',
    '%',
    '%zz',
    '%E0%A4%A',
    '%C0%80',
    '%2F',
    '%2e%2e',
    '.',
    ';x=1',
    '%FF%FE',
  ),
);

/** A value no JSON schema of the API expects, or one it does, wrapped wrongly. */
export const hostileJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, true, false, 0, -1, 1e308, 2 ** 53 + 1, [], {}, ['exact'], { text: 'x' }),
);

const nested = (depth: number, inner: string, open: string, close: string) =>
  open.repeat(depth) + inner + close.repeat(depth);

/** Bodies: JSON objects with known and unknown fields, non-JSON, deep nesting, prototype keys. */
export function hostileBody(fields: readonly string[]): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    fc.constant(undefined),
    fc
      .dictionary(fc.oneof(fc.constantFrom(...fields), hostileText), hostileJsonValue, {
        maxKeys: 5,
      })
      .map((object) => JSON.stringify(object)),
    fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
    fc.string({ maxLength: 40 }),
    fc.integer({ min: 30, max: 12_000 }).map((depth) => nested(depth, '', '[', ']')),
    fc
      .integer({ min: 30, max: 12_000 })
      .map((depth) => `{"${fields[0]}":${nested(depth, '1', '{"a":', '}')}}`),
    fc.constantFrom(
      '',
      '{',
      'null',
      '"text"',
      '{"__proto__":{"active":false}}',
      '{"constructor":{"prototype":{"x":1}}}',
      '{"limit":1e999}',
      '<xml/>',
      'a=1&b=2',
      '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
      '\ufeff{}',
    ),
  );
}

export const hostileContentType: fc.Arbitrary<string | undefined> = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/json; charset=klingon',
  'application/merge-patch+json',
  'text/plain',
  '*/*',
  ';;;',
  '',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/graphql',
);

/** Header values Node's client can send: tab, printable ASCII and Latin-1. */
export const headerText: fc.Arbitrary<string> = fc.string({
  unit: fc
    .oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0xa0, max: 0xff }))
    .map((code) => String.fromCharCode(code)),
  maxLength: 40,
});

/** Any JSON value encoded the way the API encodes its keyset cursors: base64url of its JSON text. */
export const cursorOf = (json: unknown): string =>
  Buffer.from(JSON.stringify(json)).toString('base64url');

/** A keyset cursor as the API gives them out (`[epoch ms, id]`), forged. */
export const forgedCursor = (at: unknown, id: unknown): string => cursorOf([at, id]);

/** A cursor whose id holds U+0000, which PostgreSQL refuses in text: it must never reach a query. */
export const NUL_CURSOR = forgedCursor(1_700_000_000_000, 'a\u0000b');

/** Cursors of the right encoding with hostile content: odd ids and times, other shapes, raw bytes. */
export const hostileCursor: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      fc.oneof(
        fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
        fc.constantFrom(-1, 1.5, 2 ** 53 + 2, 1e308, '1700000000000', null),
      ),
      fc.oneof(fc.uuid(), hostileText, fc.constantFrom(42, null, ['x'])),
    )
    .map(([at, id]) => forgedCursor(at, id)),
  fc.jsonValue({ maxDepth: 2 }).map(cursorOf),
  fc.uint8Array({ maxLength: 40 }).map((bytes) => Buffer.from(bytes).toString('base64url')),
  fc.constantFrom(NUL_CURSOR, forgedCursor(1, '\u0000'), forgedCursor(1, '\ud800')),
);

/** Query strings of known and unknown names, repeated names, hostile and broken values. */
export function hostileQuery(names: readonly string[]): fc.Arbitrary<string> {
  const value = fc.oneof({ arbitrary: hostileText, weight: 3 }, hostileCursor);
  const pair = fc.tuple(fc.oneof(fc.constantFrom(...names), hostileText), value);
  return fc.oneof(
    fc
      .array(pair, { maxLength: 4 })
      .map((pairs) =>
        pairs.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&'),
      ),
    fc.constantFrom('', '%', '=&=', 'a[b]=1', 'a[__proto__][x]=1', 'limit=%00', 'keyword_id'),
  );
}

/** Headers around the request: odd Accept, request ids, proxies' headers, caching, encodings. */
export const hostileHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      accept: fc.oneof(headerText, fc.constantFrom('text/html', '*/*', 'application/xml')),
      'x-request-id': headerText,
      'x-forwarded-host': headerText,
      'x-forwarded-proto': headerText,
      'x-forwarded-for': headerText,
      'if-none-match': headerText,
      'content-encoding': fc.constantFrom('gzip', 'br', 'identity', 'x-unknown'),
      'apollo-require-preflight': fc.constant('true'),
    },
    { requiredKeys: [] },
  )
  .map((headers) => Object.fromEntries(Object.entries(headers)) as Record<string, string>);
