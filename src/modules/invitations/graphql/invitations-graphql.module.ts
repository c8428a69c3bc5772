import { Module } from '@nestjs/common';
import { InvitationsModule } from '../invitations.module.js';
import { InvitationsResolver } from './invitations.resolver.js';

/** Invitations over GraphQL: the API's root only. */
@Module({ imports: [InvitationsModule], providers: [InvitationsResolver] })
export class InvitationsGraphqlModule {}
