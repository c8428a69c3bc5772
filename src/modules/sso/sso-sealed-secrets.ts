import { Injectable } from '@nestjs/common';
import type { ResealSummary } from '../webhooks/secrets/sealed-secrets.store.js';
import {
  SealedSecretHolders,
  type SealedSecretHolder,
} from '../webhooks/secrets/sealed-secret-holders.js';
import { KEY_ID_LENGTH } from '../webhooks/secrets/webhook-keyring.js';
import {
  isSealedUnder,
  SEALED_PREFIX,
  SecretNotOpened,
} from '../webhooks/secrets/webhook-secret-cipher.js';
import { SsoClientSecret } from './sso-client-secret.js';
import { SsoSettingsStore } from './sso-settings.store.js';

/**
 * The client secrets as one of the sealed secrets' holders: the start refuses a key it does not
 * hold for them, and `admin rotate-secret-key` seals them anew (decisions: sealed like webhook
 * secrets, so rotated with them). Added in the constructor, before any start check runs.
 */
@Injectable()
export class SsoSealedSecrets implements SealedSecretHolder {
  constructor(
    private readonly store: SsoSettingsStore,
    private readonly secrets: SsoClientSecret,
    holders: SealedSecretHolders,
  ) {
    holders.add(this);
  }

  async keyIdsInUse(): Promise<string[]> {
    return (await this.store.sealedSecrets())
      .filter(({ clientSecret }) => clientSecret.startsWith(SEALED_PREFIX))
      .map(({ clientSecret }) =>
        clientSecret.slice(SEALED_PREFIX.length, SEALED_PREFIX.length + KEY_ID_LENGTH),
      );
  }

  async resealUnder(sealingKeyId: string): Promise<ResealSummary> {
    const summary: ResealSummary = { resealed: 0, wasPlain: 0, unreadable: 0 };
    for (const { accountId, clientSecret } of await this.store.sealedSecrets()) {
      if (isSealedUnder(clientSecret, sealingKeyId)) continue;
      let secret: string;
      try {
        secret = this.secrets.open(accountId, clientSecret);
      } catch (error) {
        if (!(error instanceof SecretNotOpened)) throw error;
        summary.unreadable += 1;
        continue;
      }
      const sealed = this.secrets.seal(accountId, secret);
      if (await this.store.replaceSecret(accountId, clientSecret, sealed)) summary.resealed += 1;
    }
    return summary;
  }
}
