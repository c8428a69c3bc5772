import { randomBytes } from 'node:crypto';
import { sealedByEarlierVersion } from '../../../../test/factories/webhook.factory.js';
import { secretKeyId, WebhookKeyring } from './webhook-keyring.js';
import { SecretNotOpened, WebhookSecretCipher } from './webhook-secret-cipher.js';

const SECRET = randomBytes(32).toString('hex');

describe('WebhookSecretCipher', () => {
  const key = randomBytes(32);
  const cipher = new WebhookSecretCipher(WebhookKeyring.ofKeys([key]));

  it('seals a secret into a value that names its key and carries none of the secret', () => {
    const sealed = cipher.seal('hook-1', SECRET);

    const [version, keyId, ...parts] = sealed.split(':');
    expect(version).toBe('v1');
    expect(keyId).toBe(secretKeyId(key));
    expect(keyId).toMatch(/^[0-9a-f]{12}$/);
    expect(parts).toHaveLength(3);
    for (const part of parts) expect(part).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(sealed.length).toBeLessThanOrEqual(200);
    expect(cipher.open('hook-1', sealed)).toBe(SECRET);
  });

  it('seals the same secret differently each time', () => {
    expect(cipher.seal('hook-1', SECRET)).not.toBe(cipher.seal('hook-1', SECRET));
  });

  it('reads a secret stored plain, before it was sealed, as it is', () => {
    expect(cipher.open('hook-1', SECRET)).toBe(SECRET);
  });

  it('tells a value sealed under a key it does not hold from one moved or altered', () => {
    const sealed = cipher.seal('hook-1', SECRET);
    const [version, keyId, iv, ciphertext, tag] = sealed.split(':');
    const flipped = Buffer.from(ciphertext, 'base64');
    flipped[0] ^= 1;
    const altered = [version, keyId, iv, flipped.toString('base64'), tag].join(':');
    const stranger = new WebhookSecretCipher(WebhookKeyring.ofKeys([randomBytes(32)]));

    expect(() => cipher.open('hook-2', sealed)).toThrow(/does not open under key .* \(altered/);
    expect(() => cipher.open('hook-1', altered)).toThrow(/does not open under key/);
    expect(() => stranger.open('hook-1', sealed)).toThrow(SecretNotOpened);
    expect(() => stranger.open('hook-1', sealed)).toThrow(
      `is sealed under key ${secretKeyId(key)}, which this instance does not have`,
    );
  });

  it('seals under the first key and still opens what the others sealed', () => {
    const next = randomBytes(32);
    const rotated = new WebhookSecretCipher(WebhookKeyring.ofKeys([next, key]));
    const old = cipher.seal('hook-1', SECRET);

    expect(rotated.sealingKeyId()).toBe(secretKeyId(next));
    expect(rotated.seal('hook-1', SECRET)).toMatch(new RegExp(`^v1:${secretKeyId(next)}:`));
    expect(rotated.open('hook-1', old)).toBe(SECRET);
  });

  it('opens a value an earlier version sealed, naming no key, with whichever key held opens it', () => {
    const rotated = new WebhookSecretCipher(WebhookKeyring.ofKeys([randomBytes(32), key]));
    const earlier = sealedByEarlierVersion(key, 'hook-1', SECRET);

    expect(rotated.open('hook-1', earlier)).toBe(SECRET);
    expect(() => rotated.open('hook-2', earlier)).toThrow(/earlier version/);
  });

  it('says what an attempt to a webhook whose secret does not open fails with', () => {
    const error = new SecretNotOpened('does not open under key 0123456789ab (altered or damaged)');
    expect(error.attemptError).toBe(
      'not sent: the signing secret does not open under key 0123456789ab (altered or damaged); rotate the secret',
    );
  });
});
