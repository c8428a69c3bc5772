import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.js';
import { UsersModule } from '../users/users.module.js';
import { SetupTokenStore } from './setup-token.store.js';
import { SetupService } from './setup.service.js';

/** The first start: the setup link and what its page creates (docs/dashboard.md, First start). */
@Module({
  imports: [UsersModule, AccountsModule],
  providers: [SetupTokenStore, SetupService],
  exports: [SetupService],
})
export class SetupModule {}
