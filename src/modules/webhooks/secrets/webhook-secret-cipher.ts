import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { WebhookKeyring } from './webhook-keyring.js';

/** How every sealed value starts; the key id follows (`v1:<key id>:<iv>:<ciphertext>:<tag>`). */
export const SEALED_PREFIX = 'v1:';
/** Values sealed by earlier versions, which named no key: `enc:v1:<iv>:<ciphertext and tag>`. */
export const UNNAMED_KEY_PREFIX = 'enc:v1:';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A stored secret that does not open; the message says why, and holds nothing secret. */
export class SecretNotOpened extends Error {
  /** What an attempt to the webhook fails with, unsent (its last_error and delivery log). */
  get attemptError(): string {
    return `not sent: the signing secret ${this.message}; rotate the secret`;
  }
}

/** Sealed, in either form; anything else is a secret stored plain by an earlier version. */
export function isSealed(stored: string): boolean {
  return stored.startsWith(SEALED_PREFIX) || stored.startsWith(UNNAMED_KEY_PREFIX);
}

export function isSealedUnder(stored: string, keyId: string): boolean {
  return stored.startsWith(`${SEALED_PREFIX}${keyId}:`);
}

function decrypt(
  key: Buffer,
  webhookId: string,
  iv: Buffer,
  ciphertext: Buffer,
  tag: Buffer,
): string | null {
  try {
    const decipher = createDecipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(webhookId, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

const base64 = (text: string | undefined) => Buffer.from(text ?? '', 'base64');

/**
 * Webhook signing secrets at rest: AES-256-GCM under the keyring's sealing key, a fresh IV each
 * time, bound to their webhook's id (a sealed value copied onto another row does not open). A
 * sealed value names its key, so one this instance does not hold is told from one altered.
 */
export class WebhookSecretCipher {
  constructor(private readonly keyring: WebhookKeyring) {}

  sealingKeyId(): string {
    return this.keyring.sealingKey().id;
  }

  seal(webhookId: string, secret: string): string {
    const { id, key } = this.keyring.sealingKey();
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(webhookId, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return [SEALED_PREFIX + id, iv, ciphertext, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64')))
      .join(':');
  }

  /** A stored webhook with both its secrets opened, for signing; throws SecretNotOpened. */
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

  /** The secret in clear; one stored plain (before it was sealed) reads as it is. */
  open(webhookId: string, stored: string): string {
    if (stored.startsWith(SEALED_PREFIX)) return this.openNamed(webhookId, stored);
    if (stored.startsWith(UNNAMED_KEY_PREFIX)) return this.openUnnamed(webhookId, stored);
    return stored;
  }

  private openNamed(webhookId: string, stored: string): string {
    const [, keyId = '', iv, ciphertext, tag] = stored.split(':');
    const key = this.keyring.find(keyId);
    if (key === undefined) {
      throw new SecretNotOpened(`is sealed under key ${keyId}, which this instance does not have`);
    }
    const opened = decrypt(key.key, webhookId, base64(iv), base64(ciphertext), base64(tag));
    if (opened === null) {
      throw new SecretNotOpened(`does not open under key ${keyId} (altered or damaged)`);
    }
    return opened;
  }

  /** An earlier version's value: whichever key held opens it. */
  private openUnnamed(webhookId: string, stored: string): string {
    const [iv, sealed] = stored.slice(UNNAMED_KEY_PREFIX.length).split(':').map(base64);
    const ciphertext = sealed.subarray(0, Math.max(0, sealed.length - TAG_BYTES));
    const tag = sealed.subarray(ciphertext.length);
    for (const { key } of this.keyring.all()) {
      const opened = decrypt(key, webhookId, iv, ciphertext, tag);
      if (opened !== null) return opened;
    }
    throw new SecretNotOpened(
      'was sealed by an earlier version under a key this instance does not have',
    );
  }
}
