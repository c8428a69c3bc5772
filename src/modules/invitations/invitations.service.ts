import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { AppError } from '../../common/errors/app-error.js';
import { newId } from '../../common/ids.js';
import { Clock } from '../../common/time/clock.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import { ROOT_LOGGER } from '../../core.module.js';
import { AccountsService } from '../accounts/accounts.service.js';
import type { AccountEntity } from '../accounts/account.entity.js';
import { AccountAudit } from '../account-audit/account-audit.service.js';
import type { AccountRole } from '../auth/account-roles.js';
import type { Caller } from '../auth/caller.js';
import { Mailer } from '../email/sending/mailer.service.js';
import {
  hashLinkToken,
  LINK_TOKEN_FORMAT,
  newLinkToken,
} from '../email/subscriptions/email-tokens.js';
import { parseEmail } from '../users/email-address.js';
import { PasswordHasher } from '../users/password-hasher.js';
import { passwordLengthProblem } from '../users/password-policy.js';
import { invitationRefusal, teamActorOf } from '../users/team-rules.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersService } from '../users/users.service.js';
import { INVITATION_LIFETIME_MS, invitationMail, inviteUrl } from './invitation-mails.js';
import { InvitationEntity } from './invitation.entity.js';
import { InvitationStore } from './invitation.store.js';

export interface IssuedInvitation {
  invitation: InvitationEntity;
  /** The link, when no mail carried it (no SMTP_URL): shown in this one answer only. */
  link: string | null;
}

export interface AcceptedInvitation {
  user: UserEntity;
  account: AccountEntity;
}

/** Why a link cannot be used, in words for the invitee (docs/teams.md, Invitations). */
function linkProblem(invitation: InvitationEntity | null, now: number): string | null {
  if (!invitation) {
    return 'This invitation link is not valid: copy the whole link from the mail, or ask an admin of the account for a new invitation';
  }
  if (invitation.acceptedAt !== null)
    return 'This invitation was already accepted: sign in instead';
  if (invitation.revokedAt !== null) {
    return 'This invitation was revoked: ask an admin of the account for a new one';
  }
  if (invitation.expiresAt <= now) {
    return 'This invitation has expired (an invitation works for 7 days): ask an admin of the account for a new one';
  }
  return null;
}

const NO_LONGER_PENDING =
  'This invitation was accepted, revoked or expired a moment ago: ask an admin of the account for a new one';

/** Invitations to an account's team (decisions section 15): issuing, revoking and accepting. */
@Injectable()
export class InvitationsService {
  private readonly logger: Logger;

  constructor(
    private readonly store: InvitationStore,
    private readonly users: UsersService,
    private readonly accounts: AccountsService,
    private readonly hasher: PasswordHasher,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
    private readonly audit: AccountAudit,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROOT_LOGGER) rootLogger: Logger,
  ) {
    this.logger = rootLogger.child({ component: 'invitations' });
  }

  /**
   * Stores the invitation and mails its link (with SMTP_URL), or returns the link to show once.
   * `shownLinkBase`: the service's public URL as the admin's browser reached it.
   */
  async invite(
    caller: Caller,
    email: string,
    role: AccountRole,
    shownLinkBase: string,
  ): Promise<IssuedInvitation> {
    const actor = teamActorOf(caller);
    const refusal = invitationRefusal(actor.role, role);
    if (refusal) throw refusal;
    const address = parseEmail(email);
    if (!address) throw AppError.invalidBody(`${JSON.stringify(email)} is not an email address`);
    if (await this.users.findByEmail(address.key)) {
      throw AppError.invalidBody(`${address.display} is already a user`);
    }
    const now = this.clock.nowMs();
    if (await this.store.pendingFor(actor.accountId, address.key, now)) {
      throw AppError.invalidBody(
        `${address.display} has a pending invitation already: revoke it first to invite again`,
      );
    }
    const inviter = await this.users.findById(actor.userId);
    if (!inviter) throw new AppError('unauthorized', 'Not signed in, or the session has ended');
    const token = newLinkToken();
    const invitation = Object.assign(new InvitationEntity(), {
      id: newId(),
      accountId: actor.accountId,
      email: address.display,
      emailKey: address.key,
      role,
      tokenHash: hashLinkToken(token),
      invitedBy: inviter.email,
      createdAt: now,
      expiresAt: now + INVITATION_LIFETIME_MS,
      acceptedAt: null,
      revokedAt: null,
    });
    await this.store.insert(invitation, (manager) =>
      this.audit.record(manager, caller, {
        action: 'invitation.created',
        resourceType: 'invitation',
        resourceId: invitation.id,
        before: null,
        after: { email: invitation.email, role },
      }),
    );
    const mail = this.config.email;
    if (!mail) return { invitation, link: inviteUrl(shownLinkBase, token) };
    await this.mailLink(caller, invitation, inviteUrl(mail.linkBaseUrl, token));
    return { invitation, link: null };
  }

  pending(accountId: string): Promise<InvitationEntity[]> {
    return this.store.pendingOf(accountId, this.clock.nowMs());
  }

  async revoke(caller: Caller, id: string): Promise<void> {
    const revoked = await this.store.revoke(
      teamActorOf(caller).accountId,
      id,
      this.clock.nowMs(),
      (manager, invitation) =>
        this.audit.record(manager, caller, {
          action: 'invitation.revoked',
          resourceType: 'invitation',
          resourceId: invitation.id,
          before: { email: invitation.email, revoked: false },
          after: { email: invitation.email, revoked: true },
        }),
    );
    if (!revoked) throw AppError.notFound('Invitation');
  }

  /** The pending invitation of a link, or not_found saying why it cannot be used. */
  async open(token: string): Promise<InvitationEntity> {
    const invitation = LINK_TOKEN_FORMAT.test(token)
      ? await this.store.findByTokenHash(hashLinkToken(token))
      : null;
    const problem = linkProblem(invitation, this.clock.nowMs());
    if (problem) throw new AppError('not_found', problem);
    return invitation!;
  }

  /** Creates the invited user with the chosen password, using up the link in the same transaction. */
  async accept(token: string, password: string): Promise<AcceptedInvitation> {
    const problem = passwordLengthProblem(password);
    if (problem) throw AppError.invalidBody(problem);
    const invitation = await this.open(token);
    const passwordHash = await this.hasher.hash(password);
    const user = await this.users.addWith(
      {
        address: { display: invitation.email, key: invitation.emailKey },
        passwordHash,
        role: invitation.role,
        accountId: invitation.accountId,
      },
      (manager, user) => this.consumeIn(manager, invitation, user),
    );
    const account = await this.accounts.findAccount(invitation.accountId);
    if (!account) throw AppError.notFound('Account');
    return { user, account };
  }

  /**
   * The role a user signing in with SSO for the first time gets from their pending invitation,
   * with the writes that use it up in the user's transaction; null without one.
   */
  async forJustInTime(
    accountId: string,
    emailKey: string,
  ): Promise<{
    role: AccountRole;
    consume: (manager: EntityManager, user: UserEntity) => Promise<void>;
  } | null> {
    const invitation = await this.store.pendingFor(accountId, emailKey, this.clock.nowMs());
    if (!invitation) return null;
    return {
      role: invitation.role,
      consume: (manager, user) => this.consumeIn(manager, invitation, user),
    };
  }

  /** Uses the invitation up as `user`, who accepted it: the audit log names them. */
  private async consumeIn(
    manager: EntityManager,
    invitation: InvitationEntity,
    user: UserEntity,
  ): Promise<void> {
    if (!(await this.store.acceptIn(manager, invitation.id, this.clock.nowMs()))) {
      throw new AppError('not_found', NO_LONGER_PENDING);
    }
    await this.audit.record(
      manager,
      { accountId: invitation.accountId, actor: { type: 'user', id: user.id, label: user.email } },
      {
        action: 'invitation.accepted',
        resourceType: 'invitation',
        resourceId: invitation.id,
        before: { email: invitation.email, accepted: false },
        after: { email: invitation.email, accepted: true, role: invitation.role },
      },
    );
  }

  private async mailLink(caller: Caller, invitation: InvitationEntity, url: string): Promise<void> {
    const outcome = await this.mailer.send({
      ...invitationMail({
        inviteUrl: url,
        invitedBy: invitation.invitedBy,
        role: invitation.role,
        expiresAt: new Date(invitation.expiresAt),
      }),
      to: invitation.email,
      date: this.clock.now(),
    });
    if (!outcome.ok) {
      await this.store.delete(invitation.id, (manager) =>
        this.audit.record(manager, caller, {
          action: 'invitation.deleted',
          resourceType: 'invitation',
          resourceId: invitation.id,
          before: { email: invitation.email, role: invitation.role },
          after: null,
        }),
      );
      this.logger.warn({ error: outcome.error }, 'an invitation mail could not be sent');
      throw new AppError('unavailable', 'The mail could not be sent: try again in a few minutes');
    }
  }
}
