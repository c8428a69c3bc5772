import { randomBytes } from 'node:crypto';
import { WebhookSecretCipher } from './webhook-secret-cipher.js';

const SECRET = randomBytes(32).toString('hex');

describe('WebhookSecretCipher', () => {
  const cipher = new WebhookSecretCipher(randomBytes(32));

  it('seals a secret into a value that carries none of it, and opens it again', () => {
    const sealed = cipher.seal('hook-1', SECRET);

    expect(sealed).toMatch(/^enc:v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(sealed.length).toBeLessThanOrEqual(200);
    expect(cipher.open('hook-1', sealed)).toBe(SECRET);
  });

  it('seals the same secret differently each time', () => {
    expect(cipher.seal('hook-1', SECRET)).not.toBe(cipher.seal('hook-1', SECRET));
  });

  it('reads a secret stored before the key was set as it is', () => {
    expect(cipher.open('hook-1', SECRET)).toBe(SECRET);
  });

  it('refuses a sealed secret moved to another webhook, altered, or under another key', () => {
    const sealed = cipher.seal('hook-1', SECRET);
    const altered = `${sealed.slice(0, -6)}AAAAA=`;

    expect(() => cipher.open('hook-2', sealed)).toThrow(/does not open/);
    expect(() => cipher.open('hook-1', altered)).toThrow(/does not open/);
    expect(() => new WebhookSecretCipher(randomBytes(32)).open('hook-1', sealed)).toThrow(
      /does not open/,
    );
  });

  it('without a key, stores secrets as they are and refuses sealed ones', () => {
    const plain = new WebhookSecretCipher(null);

    expect(plain.seal('hook-1', SECRET)).toBe(SECRET);
    expect(() => plain.open('hook-1', cipher.seal('hook-1', SECRET))).toThrow(
      /WEBHOOK_SECRET_KEY is not set/,
    );
  });
});
