import { Global, Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { SessionAuthenticator } from '../auth/session-authenticator.js';
import { PasswordHasher } from './password-hasher.js';
import { PasswordSignInRules } from './password-sign-in-rules.js';
import { SessionStore } from './session.store.js';
import { SessionsService } from './sessions.service.js';
import { UserStore } from './user.store.js';
import { UsersService } from './users.service.js';

/**
 * Dashboard users and their sessions. Global so that auth's RequestAuthenticator finds the
 * SessionAuthenticator it declares without importing this module: users depends on auth (the
 * caller), never the other way.
 */
@Global()
@Module({
  imports: [AccountsModule],
  providers: [
    UserStore,
    SessionStore,
    UsersService,
    SessionsService,
    PasswordHasher,
    PasswordSignInRules,
    { provide: SessionAuthenticator, useExisting: SessionsService },
  ],
  exports: [
    UserStore,
    UsersService,
    SessionsService,
    SessionAuthenticator,
    PasswordHasher,
    PasswordSignInRules,
  ],
})
export class UsersModule {}
