import { Field, ID, ObjectType } from '@nestjs/graphql';
import { isoWithMillis } from '../../../common/time/timestamps.js';
import type { SessionEntity } from '../session.entity.js';
import { describeUserAgent } from '../user-agent.js';

@ObjectType('Session', {
  description:
    'A signed-in browser of the viewer: never its token. Ending it signs that browser out at its next request.',
})
export class SessionModel {
  @Field(() => ID)
  id: string;

  @Field({ description: 'When it signed in (ISO 8601).' })
  startedAt: string;

  @Field({ description: 'Its last request, to the minute (ISO 8601).' })
  lastSeenAt: string;

  @Field({ description: 'True for the session this request came with.' })
  current: boolean;

  @Field({
    description: 'A short description of the browser ("Firefox on Linux"), from its User-Agent.',
  })
  browser: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The User-Agent it signed in with, cut to 256 characters; null if it sent none (or signed in before sessions kept it).',
  })
  userAgent: string | null;
}

export function toSessionModel(session: SessionEntity, currentSessionId: string): SessionModel {
  return {
    id: session.id,
    startedAt: isoWithMillis(session.createdAt),
    lastSeenAt: isoWithMillis(session.lastSeenAt),
    current: session.id === currentSessionId,
    browser: describeUserAgent(session.userAgent),
    userAgent: session.userAgent,
  };
}
