import { Injectable } from '@nestjs/common';
import { WebhookSecretCipher } from '../webhooks/secrets/webhook-secret-cipher.js';

/** What the sealed value is bound to: the account's settings row, apart from any webhook id. */
const boundTo = (accountId: string) => `sso-client-secret:${accountId}`;

/**
 * An account's OpenID client secret at rest: sealed by the webhook signing secrets' cipher and
 * keys (AES-256-GCM, WEBHOOK_SECRET_KEY or the key file), bound to the account, so a sealed
 * value copied onto another account's row does not open.
 */
@Injectable()
export class SsoClientSecret {
  constructor(private readonly cipher: WebhookSecretCipher) {}

  seal(accountId: string, secret: string): string {
    return this.cipher.seal(boundTo(accountId), secret);
  }

  /** Throws SecretNotOpened, whose message names no secret. */
  open(accountId: string, sealed: string): string {
    return this.cipher.open(boundTo(accountId), sealed);
  }
}
