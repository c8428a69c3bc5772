import { Module } from '@nestjs/common';
import { SsoModule } from '../../sso/sso.module.js';
import { InvitationsModule } from '../invitations.module.js';
import { InvitationsResolver } from './invitations.resolver.js';

/** Invitations over GraphQL: the API's root only. */
@Module({ imports: [InvitationsModule, SsoModule], providers: [InvitationsResolver] })
export class InvitationsGraphqlModule {}
