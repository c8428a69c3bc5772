export type PlanName = 'starter' | 'pro' | 'scale';
export type PlanStatus = 'active' | 'canceled';
export type Product = 'alerts' | 'app';

export interface PlanLimits {
  keywordLimit: number;
  perKeywordDailyCap: number;
  historyDays: number;
  rateLimitPerMinute: number;
}

/** The one table of plan limits (README, Plans). */
export const PLANS: Readonly<Record<PlanName, PlanLimits>> = {
  starter: { keywordLimit: 25, perKeywordDailyCap: 100, historyDays: 90, rateLimitPerMinute: 60 },
  pro: { keywordLimit: 100, perKeywordDailyCap: 100, historyDays: 90, rateLimitPerMinute: 60 },
  scale: { keywordLimit: 500, perKeywordDailyCap: 100, historyDays: 90, rateLimitPerMinute: 60 },
};

export const PLAN_NAMES = Object.keys(PLANS) as PlanName[];
export const PLAN_STATUSES: readonly PlanStatus[] = ['active', 'canceled'];
export const PRODUCTS: readonly Product[] = ['alerts', 'app'];

/** Writes per minute per key, and test deliveries per minute per key (docs/api.md, Rate limits). */
export const WRITE_RATE_LIMIT_PER_MINUTE = 120;
export const WEBHOOK_TEST_RATE_LIMIT_PER_MINUTE = 10;

export function planLimits(plan: PlanName): PlanLimits {
  return PLANS[plan];
}

export function isPlanName(value: unknown): value is PlanName {
  return typeof value === 'string' && Object.hasOwn(PLANS, value);
}

/** Email subscriptions an account may hold (pending and active), whatever its plan. */
export const EMAIL_SUBSCRIPTION_LIMIT = 10;
/**
 * Mails an account may cause per clock hour (UTC), confirmations included: protects the sender's
 * reputation. Instant mail past it waits for the next hour; a digest is tried again next time.
 */
export const EMAIL_MAILS_PER_HOUR = 60;
