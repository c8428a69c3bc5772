import { Module } from '@nestjs/common';
import { AccountAuditModule } from '../account-audit/account-audit.module.js';
import { AccountsModule } from '../accounts/accounts.module.js';
import { EmailModule } from '../email/email.module.js';
import { UsersModule } from '../users/users.module.js';
import { InvitationStore } from './invitation.store.js';
import { InvitationsService } from './invitations.service.js';

/** Invitations to an account's team (docs/teams.md, Invitations); SSO takes their roles too. */
@Module({
  imports: [AccountsModule, UsersModule, EmailModule, AccountAuditModule],
  providers: [InvitationStore, InvitationsService],
  exports: [InvitationsService],
})
export class InvitationsModule {}
