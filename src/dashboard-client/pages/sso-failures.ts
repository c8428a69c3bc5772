/**
 * Why a single sign-on ended back on the sign-in page (/login?sso_error=<reason>, set by the
 * server's callback, SsoFailureReason), in words. Nothing here comes from the URL but the key.
 */
const SSO_FAILURES: Record<string, string> = {
  state:
    'That single sign-on could not be matched to this browser (it was used already, or started in another browser). Please start again.',
  expired: 'That single sign-on took too long. Please start again.',
  denied: 'Your sign-in provider did not sign you in.',
  not_set_up: 'Single sign-on is no longer set up for your account.',
  token:
    "Your sign-in provider's answer did not check out. Try again, or ask an admin to check the SSO settings.",
  email: 'Your sign-in provider gave no verified email address.',
  domain: "Your email's domain is not allowed to sign in to this account with SSO.",
  other_account: 'That email belongs to a user of another account.',
  inactive: 'Your account needs an active plan.',
};

const UNKNOWN_FAILURE = 'Single sign-on did not work. Please try again later.';

export function ssoFailureMessage(search: string): string | null {
  const reason = new URLSearchParams(search).get('sso_error');
  if (reason === null) return null;
  return Object.hasOwn(SSO_FAILURES, reason) ? SSO_FAILURES[reason] : UNKNOWN_FAILURE;
}
