import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { ApiKeyAuthenticator } from './api-key-authenticator.service.js';
import { AuthFailureLimiter } from './auth-failure-limiter.service.js';
import { RequestAuthenticator } from './request-authenticator.service.js';

@Module({
  imports: [AccountsModule],
  providers: [ApiKeyAuthenticator, AuthFailureLimiter, RequestAuthenticator],
  exports: [RequestAuthenticator],
})
export class AuthModule {}
