import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export const SEALED_PREFIX = 'enc:v1:';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function isSealed(stored: string): boolean {
  return stored.startsWith(SEALED_PREFIX);
}

/**
 * Webhook signing secrets at rest: sealed with AES-256-GCM under WEBHOOK_SECRET_KEY as
 * "enc:v1:<iv>:<ciphertext and tag>" (base64), bound to their webhook's id, so a sealed value
 * copied onto another row does not open. Without a key, secrets are stored as they are; plain
 * ones always read back as they are, so rows written before the key was set keep working.
 */
export class WebhookSecretCipher {
  constructor(private readonly key: Buffer | null) {}

  get sealing(): boolean {
    return this.key !== null;
  }

  seal(webhookId: string, secret: string): string {
    if (this.key === null) return secret;
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(webhookId, 'utf8'));
    const sealed = Buffer.concat([
      cipher.update(secret, 'utf8'),
      cipher.final(),
      cipher.getAuthTag(),
    ]);
    return `${SEALED_PREFIX}${iv.toString('base64')}:${sealed.toString('base64')}`;
  }

  /** A stored webhook with both its secrets opened, for signing. */
  openSecrets<T extends { id: string; secret: string; previousSecret: string | null }>(
    webhook: T,
  ): T {
    return {
      ...webhook,
      secret: this.open(webhook.id, webhook.secret),
      previousSecret:
        webhook.previousSecret === null ? null : this.open(webhook.id, webhook.previousSecret),
    };
  }

  /** Throws when the value is sealed and there is no key, or not this key. */
  open(webhookId: string, stored: string): string {
    if (!isSealed(stored)) return stored;
    if (this.key === null) {
      throw new Error('A webhook secret is stored sealed, but WEBHOOK_SECRET_KEY is not set');
    }
    const [ivText = '', sealedText = ''] = stored.slice(SEALED_PREFIX.length).split(':');
    const sealed = Buffer.from(sealedText, 'base64');
    try {
      const decipher = createDecipheriv(ALGORITHM, this.key, Buffer.from(ivText, 'base64'), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(webhookId, 'utf8'));
      decipher.setAuthTag(sealed.subarray(sealed.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(sealed.subarray(0, sealed.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new Error('A webhook secret does not open with WEBHOOK_SECRET_KEY (another key?)');
    }
  }
}
