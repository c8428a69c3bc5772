import { MAX_WEBHOOK_URL_LENGTH, checkWebhookUrl, describeUrlRejection } from './webhook-url.js';

const strict = { allowPrivate: false };
const development = { allowPrivate: true };

function urlOfLength(length: number): string {
  const prefix = 'https://hooks.example.com/';
  return prefix + 'a'.repeat(length - prefix.length);
}

describe('checkWebhookUrl', () => {
  it.each([
    'https://hooks.example.com/reddit?source=alerts',
    'https://hooks.example.com:8443/reddit',
    'https://8.8.8.8/hook',
    'https://[2606:4700::1111]/hook',
    'https://xn--bcher-kva.de/hook',
  ])('accepts the public https URL %s', (raw) => {
    expect(checkWebhookUrl(raw, strict)).toEqual({ ok: true, url: new URL(raw) });
  });

  it.each<[raw: unknown, reason: string]>([
    [42, 'url must be a string'],
    [null, 'url must be a string'],
    ['hooks.example.com/reddit', 'url must be an absolute URL'],
    ['/reddit', 'url must be an absolute URL'],
    ['http://hooks.example.com/reddit', 'url must use https'],
    ['ftp://hooks.example.com/reddit', 'url must use https'],
    ['https://user:secret@hooks.example.com/', 'url must not contain a username or password'],
    ['https://token@hooks.example.com/', 'url must not contain a username or password'],
    ['https://localhost/hook', 'url must not point at localhost'],
    ['https://LOCALHOST./hook', 'url must not point at localhost'],
    ['https://api.localhost/hook', 'url must not point at localhost'],
    ['https://receiver/hook', 'url host must be a fully qualified domain name'],
    ['https://receiver./hook', 'url host must be a fully qualified domain name'],
    ['https://printer.local/hook', 'url host must be a public name, not a .local name'],
    ['https://metadata.google.internal/', 'url host must be a public name, not a .internal name'],
    ['https://nas.home.arpa/hook', 'url host must be a public name, not a .home.arpa name'],
  ])('rejects %j: %s', (raw, reason) => {
    expect(checkWebhookUrl(raw, strict)).toMatchObject({ ok: false, reason });
  });

  it.each([
    'http://hooks.example.com/reddit',
    'https://localhost/hook',
    'https://receiver/hook',
    'https://printer.local/hook',
    'https://127.0.0.1/hook',
    'https://[fd00::1]/hook',
  ])('names WEBHOOK_ALLOW_PRIVATE for local development when rejecting %s', (raw) => {
    const check = checkWebhookUrl(raw, strict);
    if (check.ok) throw new Error('accepted');
    expect(describeUrlRejection(check)).toBe(
      `${check.reason}; for local development, start the server with WEBHOOK_ALLOW_PRIVATE=true to allow http:// and private or loopback hosts`,
    );
  });

  it.each([
    42,
    'hooks.example.com/reddit',
    'ftp://hooks.example.com/',
    'https://u:p@hooks.example.com/',
  ])('does not suggest WEBHOOK_ALLOW_PRIVATE where it would not help: %j', (raw) => {
    const check = checkWebhookUrl(raw, strict);
    if (check.ok) throw new Error('accepted');
    expect(describeUrlRejection(check)).toBe(check.reason);
  });

  it('accepts up to 2048 characters', () => {
    const longest = urlOfLength(MAX_WEBHOOK_URL_LENGTH);
    expect(checkWebhookUrl(longest, strict)).toEqual({ ok: true, url: new URL(longest) });
    expect(checkWebhookUrl(urlOfLength(MAX_WEBHOOK_URL_LENGTH + 1), strict)).toEqual({
      ok: false,
      reason: 'url must be at most 2048 characters',
    });
  });

  it.each([
    ['https://127.0.0.1/hook', '127.0.0.1 (loopback)'],
    ['https://2130706433/hook', '127.0.0.1 (loopback)'],
    ['https://0x7f.1/hook', '127.0.0.1 (loopback)'],
    ['https://0177.0.0.1/hook', '127.0.0.1 (loopback)'],
    ['https://10.0.0.5:8443/hook', '10.0.0.5 (private)'],
    ['https://192.168.1.1/hook', '192.168.1.1 (private)'],
    ['https://169.254.169.254/latest/meta-data', '169.254.169.254 (link-local)'],
    ['https://100.64.0.1/hook', '100.64.0.1 (carrier-grade NAT)'],
    ['https://0.0.0.0/hook', '0.0.0.0 (unspecified)'],
    ['https://[::1]/hook', '::1 (loopback)'],
    ['https://[::ffff:127.0.0.1]/hook', '::ffff:7f00:1 (loopback)'],
    ['https://[64:ff9b::10.0.0.1]/hook', '64:ff9b::a00:1 (private)'],
    ['https://[fd00::1]/hook', 'fd00::1 (unique local)'],
  ])('rejects the non-public address in %s', (raw, described) => {
    expect(checkWebhookUrl(raw, strict)).toEqual({
      ok: false,
      reason: `url must point at a public address, not ${described}`,
      privateTarget: true,
    });
  });

  describe('with private targets allowed (development)', () => {
    it.each([
      'http://127.0.0.1:8080/hook',
      'http://localhost:3000/hook',
      'http://receiver:3000/hook',
      'https://10.0.0.5/hook',
      'https://printer.local/hook',
    ])('accepts %s', (raw) => {
      expect(checkWebhookUrl(raw, development)).toEqual({ ok: true, url: new URL(raw) });
    });

    it('still rejects other schemes and credentials', () => {
      expect(checkWebhookUrl('ftp://127.0.0.1/hook', development)).toEqual({
        ok: false,
        reason: 'url must use https or http',
      });
      expect(checkWebhookUrl('http://user:secret@127.0.0.1/', development)).toEqual({
        ok: false,
        reason: 'url must not contain a username or password',
      });
    });
  });
});
