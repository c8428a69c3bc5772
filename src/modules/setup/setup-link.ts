/** How long a setup link works after the start that logged it. */
export const SETUP_LINK_LIFETIME_MS = 60 * 60_000;

/** The dashboard's setup page. */
export const SETUP_PATH = '/dashboard/setup';

/**
 * open: the link sets the service up; unknown: no such link (mistyped, cut short, or of another
 * database); expired: its hour is over; closed: an operator exists, setup is over for good.
 */
export type SetupLinkState = 'open' | 'unknown' | 'expired' | 'closed';

export function setupUrl(baseUrl: string, token: string): string {
  return `${baseUrl}${SETUP_PATH}?token=${token}`;
}

/** What the setup page says of a link that cannot be used; null for one that can. */
export function setupLinkProblem(state: SetupLinkState): string | null {
  switch (state) {
    case 'open':
      return null;
    case 'unknown':
      return 'This setup link is not valid: copy the whole link from the service’s log, or restart the service, which logs a new one.';
    case 'expired':
      return 'This setup link has expired (a link works for 1 hour): restart the service, which logs a new one.';
    case 'closed':
      return 'The service is already set up: an operator exists. Sign in instead.';
    default: {
      const unreachable: never = state;
      return unreachable;
    }
  }
}
