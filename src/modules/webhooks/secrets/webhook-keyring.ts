import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { Logger } from 'pino';
import type { AppConfig } from '../../../config/app-config.js';
import { databaseKind, sqliteFile } from '../../../database/database-url.js';
import { createKeyFileOnce, readKeyFile } from './webhook-key-file.js';

/** Hex characters of a key id: enough to tell a handful of keys apart, nothing about the key. */
export const KEY_ID_LENGTH = 12;

export interface SecretKey {
  /** The start of the key's SHA-256: sealed values name the key they are sealed under by it. */
  id: string;
  key: Buffer;
}

export function secretKeyId(key: Buffer): string {
  return createHash('sha256')
    .update('webhook-secret-key:')
    .update(key)
    .digest('hex')
    .slice(0, KEY_ID_LENGTH);
}

const withId = (key: Buffer): SecretKey => ({ id: secretKeyId(key), key });

/**
 * The keys that seal and open webhook signing secrets: WEBHOOK_SECRET_KEY and its previous keys,
 * or a key file. A key file is read again before each seal and whenever a sealed value names a
 * key it does not hold, so a rotation made by another process is followed without a restart.
 */
export class WebhookKeyring {
  private keys: SecretKey[];

  private constructor(
    /** The key file, or null when the keys come from the environment. */
    readonly file: string | null,
    keys: readonly Buffer[],
  ) {
    this.keys = keys.map(withId);
  }

  /** The first key seals, the others only open. */
  static ofKeys(keys: readonly Buffer[]): WebhookKeyring {
    return new WebhookKeyring(null, keys);
  }

  static ofFile(file: string): WebhookKeyring {
    return new WebhookKeyring(file, readKeyFile(file));
  }

  /** Where the keys come from, for messages to the operator. */
  get source(): string {
    return this.file === null ? 'WEBHOOK_SECRET_KEY' : `the key file ${this.file}`;
  }

  /** Every key held, the sealing one first. */
  all(): readonly SecretKey[] {
    return this.keys;
  }

  sealingKey(): SecretKey {
    this.reload();
    return this.keys[0];
  }

  find(id: string): SecretKey | undefined {
    const held = this.keys.find((key) => key.id === id);
    if (held !== undefined || this.file === null) return held;
    this.reload();
    return this.keys.find((key) => key.id === id);
  }

  reload(): void {
    if (this.file !== null) this.keys = readKeyFile(this.file).map(withId);
  }
}

/** Where the key file is made when WEBHOOK_SECRET_KEY_FILE does not say. */
export function defaultKeyFile(databaseUrl: string): string {
  return databaseKind(databaseUrl) === 'sqlite'
    ? `${sqliteFile(databaseUrl)}.webhook-keys`
    : resolve('data', 'webhook-keys');
}

/** The instance's keys: WEBHOOK_SECRET_KEY, or the key file, made with a new key if missing. */
export function openWebhookKeyring(config: AppConfig, logger: Logger): WebhookKeyring {
  const { secretKey, previousSecretKeys, secretKeyFile } = config.webhooks;
  if (secretKey !== null) return WebhookKeyring.ofKeys([secretKey, ...previousSecretKeys]);
  const file = resolve(secretKeyFile ?? defaultKeyFile(config.databaseUrl));
  if (createKeyFileOnce(file)) {
    if (databaseKind(config.databaseUrl) === 'postgres') {
      logger.warn(
        { file },
        'made a webhook secret key file: every instance on this database must use this same key (share the file, or set WEBHOOK_SECRET_KEY)',
      );
    } else {
      logger.info({ file }, 'made a webhook secret key file');
    }
  }
  return WebhookKeyring.ofFile(file);
}
