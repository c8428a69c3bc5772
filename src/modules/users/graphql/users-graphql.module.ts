import { Module } from '@nestjs/common';
import { AccountAuditModule } from '../../account-audit/account-audit.module.js';
import { AccountsModule } from '../../accounts/accounts.module.js';
import { ApiKeysService } from '../api-keys.service.js';
import { PasswordCostWarning } from '../password-cost-warning.js';
import { SignInLimiter } from '../sign-in-limiter.service.js';
import { SignInService } from '../sign-in.service.js';
import { UsersModule } from '../users.module.js';
import { ApiKeysResolver } from './api-keys.resolver.js';
import { SessionResolver } from './session.resolver.js';
import { SessionsResolver } from './sessions.resolver.js';
import { TeamResolver } from './team.resolver.js';
import { TeamService } from '../team.service.js';

/**
 * Signing in, the viewer, their sessions, the API keys and the team over GraphQL: imported by the API's root only, so the
 * CLI loads neither GraphQL nor the sign-in limits (which count in the rate-limit storage), and
 * only a process that checks passwords warns about a low hashing cost.
 */
@Module({
  imports: [UsersModule, AccountsModule, AccountAuditModule],
  providers: [
    ApiKeysService,
    SessionResolver,
    SessionsResolver,
    ApiKeysResolver,
    TeamResolver,
    TeamService,
    SignInService,
    SignInLimiter,
    PasswordCostWarning,
  ],
})
export class UsersGraphqlModule {}
