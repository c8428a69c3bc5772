/**
 * Sent with every answer under /dashboard. The client is built so that it needs nothing more:
 * no inline script or style, nothing from another host, no frames, GraphQL on this origin.
 */
export const DASHBOARD_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const DASHBOARD_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': DASHBOARD_CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  // Dashboard paths name webhooks and pages; links out (to Reddit) carry none of them.
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Assets named by their content never change: a year, and no revalidation. */
export const HASHED_ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** index.html names the current assets: revalidated on every load (its ETag makes that cheap). */
export const PAGE_CACHE_CONTROL = 'no-cache';
