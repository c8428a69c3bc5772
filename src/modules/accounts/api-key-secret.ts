import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Product } from '../../config/plans.js';

const PREFIX_BY_PRODUCT: Record<Product, string> = { alerts: 'alr_', app: 'app_' };

/** A new key: readable product prefix and 32 random bytes. */
export function generateApiKey(product: Product): string {
  return PREFIX_BY_PRODUCT[product] + randomBytes(32).toString('base64url');
}

export function hashApiKey(apiKey: string): string {
  return createHash('sha256').update(apiKey, 'utf8').digest('hex');
}

export function displayPrefix(apiKey: string): string {
  return apiKey.slice(0, 10);
}

export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** How often a key's last use is written at most: lastUsedAt is true to this interval. */
export const KEY_USE_RECORD_INTERVAL_MS = 60_000;
