import { Args, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { AnySession, CurrentSession } from '../../auth/auth.decorators.js';
import type { SessionUser } from '../../auth/caller.js';
import { SessionsService } from '../sessions.service.js';
import { SessionModel, toSessionModel } from './session.model.js';
import { sessionOf } from './session-of.js';

/** decisions section 15: the viewer's own sessions, and ending them (a user's or an operator's). */
@Resolver(() => SessionModel)
@AnySession()
export class SessionsResolver {
  constructor(private readonly sessions: SessionsService) {}

  @Query(() => [SessionModel], {
    name: 'sessions',
    description: "The viewer's active sessions, the most recently seen first.",
  })
  async list(@CurrentSession() signedIn: SessionUser | null): Promise<SessionModel[]> {
    const { userId, sessionId } = sessionOf(signedIn);
    return (await this.sessions.listOf(userId)).map((session) =>
      toSessionModel(session, sessionId),
    );
  }

  @Mutation(() => Boolean, {
    name: 'endSession',
    description:
      "Ends one of the viewer's sessions: its next request is signed out. Any other id, another user's session included, is not_found.",
  })
  async end(
    @CurrentSession() signedIn: SessionUser | null,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<boolean> {
    await this.sessions.endOwn(sessionOf(signedIn).userId, id);
    return true;
  }

  @Mutation(() => Int, {
    name: 'endOtherSessions',
    description: 'Ends every session of the viewer but this one; how many ended.',
  })
  endOthers(@CurrentSession() signedIn: SessionUser | null): Promise<number> {
    const { userId, sessionId } = sessionOf(signedIn);
    return this.sessions.endOthers(userId, sessionId);
  }
}
