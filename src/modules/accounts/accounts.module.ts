import { Module } from '@nestjs/common';
import { AccountStore } from './account.store.js';
import { AccountsService } from './accounts.service.js';

@Module({
  providers: [AccountStore, AccountsService],
  exports: [AccountsService, AccountStore],
})
export class AccountsModule {}
