import { Injectable } from '@nestjs/common';
import { SealedSecretHolders } from './sealed-secret-holders.js';
import { SealedSecretsStore, type ResealSummary } from './sealed-secrets.store.js';
import { newSecretKey, readKeyFile, withKeyFileLock, writeKeyFile } from './webhook-key-file.js';
import { secretKeyId, WebhookKeyring } from './webhook-keyring.js';
import { WebhookSecretCipher } from './webhook-secret-cipher.js';

export interface KeyRotation extends ResealSummary {
  /** The key every value that opens is now sealed under. */
  keyId: string;
  /** The key file rotated, or null: the key is WEBHOOK_SECRET_KEY, which the operator changes. */
  keyFile: string | null;
}

/**
 * `admin rotate-secret-key`. With a key file: a new key goes first in the file, every current
 * and replaced secret is sealed anew under it, then the file keeps the new key, the one it
 * replaced (instances that read the file before the rotation may still seal under it) and any
 * key some value that did not open still names. With WEBHOOK_SECRET_KEY: the operator has set
 * the new key (the old one in WEBHOOK_SECRET_KEY_PREVIOUS); every value is sealed anew under it.
 * The values of SealedSecretHolders (single sign-on's client secrets) are sealed anew alike.
 */
@Injectable()
export class WebhookKeyRotation {
  constructor(
    private readonly keyring: WebhookKeyring,
    private readonly cipher: WebhookSecretCipher,
    private readonly stored: SealedSecretsStore,
    private readonly holders: SealedSecretHolders,
  ) {}

  rotate(): Promise<KeyRotation> {
    const file = this.keyring.file;
    if (file === null) return this.resealUnderSealingKey(null);
    return withKeyFileLock(file, async () => {
      const [replaced, ...older] = readKeyFile(file);
      const key = newSecretKey();
      writeKeyFile(file, [key, replaced, ...older]);
      const rotation = await this.resealUnderSealingKey(file);
      const inUse = new Set([
        ...(await this.stored.keyIdsInUse()),
        ...(await this.holders.keyIdsInUse()),
      ]);
      writeKeyFile(file, [key, replaced, ...older.filter((old) => inUse.has(secretKeyId(old)))]);
      this.keyring.reload();
      return rotation;
    });
  }

  private async resealUnderSealingKey(keyFile: string | null): Promise<KeyRotation> {
    const keyId = this.cipher.sealingKeyId();
    const webhooks = await this.stored.resealUnder(keyId);
    const others = await this.holders.resealUnder(keyId);
    return {
      keyId,
      keyFile,
      resealed: webhooks.resealed + others.resealed,
      wasPlain: webhooks.wasPlain + others.wasPlain,
      unreadable: webhooks.unreadable + others.unreadable,
    };
  }
}
