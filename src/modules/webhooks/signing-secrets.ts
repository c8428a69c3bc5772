import { randomBytes } from 'node:crypto';
import type { SigningSecrets } from '../delivery/signed-webhook-request.js';

/** After a rotation, the replaced secret signs beside the new one this long. */
export const ROTATION_OVERLAP_MS = 24 * 60 * 60 * 1000;

/** 32 random bytes as 64 hex characters: the form the API shows and X-Webhook-Signature keys with. */
export function newWebhookSecret(): string {
  return randomBytes(32).toString('hex');
}

/** The secrets a delivery is signed with now: the current one, and the replaced one during the overlap. */
export function signingSecretsAt(
  webhook: { secret: string; previousSecret: string | null; secretRotatedAt: number | null },
  nowMs: number,
): SigningSecrets {
  const overlapping =
    webhook.previousSecret !== null &&
    webhook.secretRotatedAt !== null &&
    nowMs - webhook.secretRotatedAt < ROTATION_OVERLAP_MS;
  return { current: webhook.secret, previous: overlapping ? webhook.previousSecret : null };
}

/** The Standard Webhooks form of a secret: whsec_ and the base64 of its 32 bytes. */
export function standardWebhooksSecret(secret: string): string {
  return `whsec_${Buffer.from(secret, 'hex').toString('base64')}`;
}
