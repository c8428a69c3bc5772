const HOUR_MS = 3_600_000;

/** Every limit of sign-up, in one place (docs/dashboard.md, Signing up). */
export const SIGN_UP_LIMITS = {
  /** How long a verification link works; it works once. */
  linkTtlMs: 24 * HOUR_MS,
  /** Sign-ups per email address per 24 hours; past it the same answer, and no mail. */
  perEmail: 3,
  emailWindowMs: 24 * HOUR_MS,
  /** Sign-ups per client address per hour; past it rate_limited, whatever the email. */
  perClient: 10,
  clientWindowMs: HOUR_MS,
  /** An unverified sign-up stays listed this long after its link expired, then is forgotten. */
  keptAfterExpiryMs: 7 * 24 * HOUR_MS,
  /** Sign-ups the operator console lists, newest first. */
  listed: 100,
} as const;

export const LINK_VALID_HOURS = SIGN_UP_LIMITS.linkTtlMs / HOUR_MS;
