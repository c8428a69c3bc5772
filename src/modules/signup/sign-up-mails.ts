import { DASHBOARD_PATH } from '../dashboard/dashboard-handler.js';
import {
  escapeHtml,
  htmlPage,
  utcText,
  type MailContent,
} from '../email/sending/mail-templates.js';

/** The dashboard page a verification link opens; the token rides in the fragment, never sent to a server. */
export const verifyUrl = (baseUrl: string, token: string) =>
  `${baseUrl}${DASHBOARD_PATH}/signup/verify#${token}`;

export const signInUrl = (baseUrl: string) => `${baseUrl}${DASHBOARD_PATH}/login`;

const WHY =
  'You receive this because this address was entered to sign up for Reddit keyword alerts.';

/** The link that verifies a new address and creates its account. */
export function verificationMail(input: { verifyUrl: string; expiresAt: Date }): MailContent {
  const subject = 'Verify your email to finish signing up for Reddit keyword alerts';
  const expires = utcText(input.expiresAt);
  const text = `Someone, hopefully you, signed up for Reddit keyword alerts with this address.

Verify it and create your account: ${input.verifyUrl}

The link works once, until ${expires}. If you did not sign up, ignore this mail: no account is created.

--
${WHY}
`;
  const html = htmlPage(
    subject,
    `<p>Someone, hopefully you, signed up for Reddit keyword alerts with this address.</p>
<p><a href="${escapeHtml(input.verifyUrl)}">Verify your email and create your account</a></p>
<p>The link works once, until ${escapeHtml(expires)}. If you did not sign up, ignore this mail: no account is created.</p>`,
    escapeHtml(WHY),
  );
  return { subject, text, html };
}

/**
 * What a sign-up with an address that already has an account mails instead of a link: the page
 * answers alike either way, so only the address's owner learns that it is taken.
 */
export function alreadyRegisteredMail(input: { signInUrl: string }): MailContent {
  const subject = 'You already have a Reddit keyword alerts account';
  const text = `Someone, hopefully you, tried to sign up for Reddit keyword alerts with this address, which already has an account. No new account was created.

Sign in here: ${input.signInUrl}

If you forgot your password, ask the service's operator to reset it. If you did not try to sign up, ignore this mail.

--
${WHY}
`;
  const html = htmlPage(
    subject,
    `<p>Someone, hopefully you, tried to sign up for Reddit keyword alerts with this address, which already has an account. No new account was created.</p>
<p><a href="${escapeHtml(input.signInUrl)}">Sign in</a></p>
<p>If you forgot your password, ask the service's operator to reset it. If you did not try to sign up, ignore this mail.</p>`,
    escapeHtml(WHY),
  );
  return { subject, text, html };
}
