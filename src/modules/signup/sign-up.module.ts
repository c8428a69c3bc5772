import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { EmailModule } from '../email/email.module.js';
import { UsersModule } from '../users/users.module.js';
import { SignUpGate } from './sign-up-gate.service.js';
import { SignUpLimiter } from './sign-up-limiter.service.js';
import { SignUpMailer } from './sign-up-mailer.js';
import { SignUpRequests } from './sign-up-requests.service.js';
import { SignUpVerification } from './sign-up-verification.service.js';
import { SignUpStore } from './sign-up.store.js';

/**
 * Self-service sign-up (SIGNUP, docs/dashboard.md): the requests and their mails, verification
 * into an account and its user, and the operator's switch. Its limits count in the rate-limit
 * storage, so only the API's root imports it, through SignUpGraphqlModule.
 */
@Module({
  imports: [AccountsModule, UsersModule, EmailModule],
  providers: [
    SignUpStore,
    SignUpLimiter,
    SignUpGate,
    SignUpMailer,
    SignUpRequests,
    SignUpVerification,
  ],
  exports: [SignUpGate, SignUpRequests, SignUpVerification],
})
export class SignUpModule {}
