import { Module } from '@nestjs/common';
import { UsersModule } from '../../users/users.module.js';
import { SetupModule } from '../setup.module.js';
import { SetupResolver } from './setup.resolver.js';

/** The setup page's GraphQL: imported by the API's root only. */
@Module({
  imports: [SetupModule, UsersModule],
  providers: [SetupResolver],
})
export class SetupGraphqlModule {}
