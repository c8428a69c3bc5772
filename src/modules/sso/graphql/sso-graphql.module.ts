import { Module } from '@nestjs/common';
import { SignInLimiter } from '../../users/sign-in-limiter.service.js';
import { SsoModule } from '../sso.module.js';
import { InvitationSsoResolver } from './invitation-sso.resolver.js';
import { SsoResolver } from './sso.resolver.js';

/** Single sign-on's GraphQL fields; its start counts with the sign-in limits (rate-limit storage). */
@Module({ imports: [SsoModule], providers: [SsoResolver, InvitationSsoResolver, SignInLimiter] })
export class SsoGraphqlModule {}
