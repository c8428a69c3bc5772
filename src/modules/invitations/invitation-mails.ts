import { DASHBOARD_PATH } from '../dashboard/dashboard-handler.js';
import {
  escapeHtml,
  htmlPage,
  utcText,
  type MailContent,
} from '../email/sending/mail-templates.js';
import type { AccountRole } from '../auth/account-roles.js';

/** How long an invitation's link works (decisions section 15). */
export const INVITATION_VALID_DAYS = 7;
export const INVITATION_LIFETIME_MS = INVITATION_VALID_DAYS * 24 * 3_600_000;

/** The dashboard page an invitation opens; the token rides in the fragment, never sent to a server. */
export const inviteUrl = (baseUrl: string, token: string) =>
  `${baseUrl}${DASHBOARD_PATH}/invite#${token}`;

const WHY =
  'You receive this because an admin of a Reddit keyword alerts account invited this address.';

export function invitationMail(input: {
  inviteUrl: string;
  invitedBy: string;
  role: AccountRole;
  expiresAt: Date;
}): MailContent {
  const subject = `${input.invitedBy} invited you to Reddit keyword alerts`;
  const expires = utcText(input.expiresAt);
  const text = `${input.invitedBy} invited you to their Reddit keyword alerts account as ${input.role}.

Accept and choose your password: ${input.inviteUrl}

The link works once, until ${expires}. If you do not want to join, ignore this mail.

--
${WHY}
`;
  const html = htmlPage(
    subject,
    `<p>${escapeHtml(input.invitedBy)} invited you to their Reddit keyword alerts account as ${escapeHtml(input.role)}.</p>
<p><a href="${escapeHtml(input.inviteUrl)}">Accept the invitation</a></p>
<p>The link works once, until ${escapeHtml(expires)}. If you do not want to join, ignore this mail.</p>`,
    escapeHtml(WHY),
  );
  return { subject, text, html };
}
