import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { Logger } from 'pino';
import { ConfigError } from '../../../config/app-config.js';
import { ROOT_LOGGER } from '../../../core.module.js';
import { SealedSecretHolders } from './sealed-secret-holders.js';
import { SealedSecretsStore } from './sealed-secrets.store.js';
import { WebhookKeyring } from './webhook-keyring.js';
import { SecretNotOpened, WebhookSecretCipher } from './webhook-secret-cipher.js';

/**
 * At start, before any delivery: refuses to start when the stored secrets are sealed under a key
 * this instance does not hold (better than failing every delivery), then seals the secrets still
 * stored plain or in an earlier version's form. A single value that does not open under a key
 * held (altered, damaged) does not stop the start: its webhook's deliveries fail alone.
 */
@Injectable()
export class WebhookSecretSealer implements OnModuleInit {
  private readonly logger: Logger;

  constructor(
    private readonly keyring: WebhookKeyring,
    private readonly cipher: WebhookSecretCipher,
    private readonly stored: SealedSecretsStore,
    private readonly holders: SealedSecretHolders,
    @Inject(ROOT_LOGGER) rootLogger: Logger,
  ) {
    this.logger = rootLogger.child({ component: 'webhook-secrets' });
  }

  async onModuleInit(): Promise<void> {
    await this.refuseForeignKeys();
    const { resealed, unreadable } = await this.stored.sealPlainAndUnnamed();
    const keyId = this.cipher.sealingKeyId();
    if (resealed > 0) this.logger.info({ sealed: resealed, keyId }, 'webhook secrets sealed');
    if (unreadable > 0) {
      this.logger.warn({ unreadable }, 'webhook secrets that do not open were left as they were');
    }
  }

  private async refuseForeignKeys(): Promise<void> {
    const inUse = [...(await this.stored.keyIdsInUse()), ...(await this.holders.keyIdsInUse())];
    const foreign = [...new Set(inUse)].filter(
      (keyId) => this.keyring.find(keyId) === undefined,
    );
    if (foreign.length > 0) {
      const held = this.keyring.all().map((key) => key.id);
      throw new ConfigError(
        `Webhook signing secrets (or SSO client secrets) are stored sealed under key ${foreign.join(', ')}, which ${this.keyring.source} does not hold (it holds ${held.join(', ')}): start this instance with the key the others use`,
      );
    }
    const unnamed = await this.stored.unnamedKeySample();
    if (unnamed === undefined) return;
    try {
      this.cipher.open(unnamed.webhookId, unnamed.value);
    } catch (error) {
      if (!(error instanceof SecretNotOpened)) throw error;
      throw new ConfigError(
        `Webhook signing secrets sealed by an earlier version do not open with ${this.keyring.source}: start this instance with the WEBHOOK_SECRET_KEY they were sealed with`,
      );
    }
  }
}
