import { Module } from '@nestjs/common';
import { SignUpModule } from '../sign-up.module.js';
import { OpsSignUpsResolver } from './ops-sign-ups.resolver.js';
import { SignUpResolver } from './sign-up.resolver.js';

/** Sign-up's GraphQL fields, the public ones and the operator console's. */
@Module({
  imports: [SignUpModule],
  providers: [SignUpResolver, OpsSignUpsResolver],
})
export class SignUpGraphqlModule {}
