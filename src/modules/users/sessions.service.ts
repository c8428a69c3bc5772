import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/app-error.js';
import { newId } from '../../common/ids.js';
import { Clock } from '../../common/time/clock.js';
import type { Product } from '../../config/plans.js';
import { accountRefusal } from '../auth/account-admission.js';
import { sessionCallerFor, type Caller, type OperatorCaller } from '../auth/caller.js';
import { SessionAuthenticator, type SessionRecord } from '../auth/session-authenticator.js';
import { SessionEntity } from './session.entity.js';
import { SessionStore } from './session.store.js';
import {
  isSessionOver,
  SESSION_IDLE_MS,
  SESSION_MAX_AGE_MS,
  SESSION_TOUCH_INTERVAL_MS,
} from './session-policy.js';
import { generateSessionSecret, hashSessionToken, isSessionTokenShaped } from './session-token.js';
import { storedUserAgent } from './user-agent.js';
import { UserStore } from './user.store.js';

export interface StartedSession {
  /** The cookie's value: in this one response, never stored. */
  token: string;
  session: SessionEntity;
}

/** Dashboard sessions: started at sign-in, checked for RequestAuthenticator, ended and pruned. */
@Injectable()
export class SessionsService implements SessionAuthenticator {
  constructor(
    private readonly store: SessionStore,
    private readonly users: UserStore,
    private readonly clock: Clock,
  ) {}

  /** `userAgent`: the sign-in request's header, kept (cut short) so the user can tell sessions apart. */
  async start(userId: string, userAgent: string | undefined): Promise<StartedSession> {
    const now = this.clock.nowMs();
    const token = generateSessionSecret();
    const session = Object.assign(new SessionEntity(), {
      id: newId(),
      userId,
      tokenHash: hashSessionToken(token),
      csrfToken: generateSessionSecret(),
      createdAt: now,
      lastSeenAt: now,
      userAgent: storedUserAgent(userAgent),
    });
    await this.store.insert(session);
    return { token, session };
  }

  async find(token: string): Promise<SessionRecord | null> {
    if (!isSessionTokenShaped(token)) return null;
    const found = await this.store.findByTokenHash(hashSessionToken(token));
    if (!found) return null;
    const { session, role, email } = found;
    if (isSessionOver(session, this.clock.nowMs())) {
      await this.end(session.id);
      return null;
    }
    return {
      sessionId: session.id,
      userId: session.userId,
      csrfToken: session.csrfToken,
      lastSeenAt: session.lastSeenAt,
      role,
      email,
    };
  }

  async callerFor(session: SessionRecord, product: Product): Promise<Caller> {
    const account = await this.users.accountOf(session.userId);
    if (!account) throw new AppError('unauthorized', 'Not signed in, or the session has ended');
    const refusal = accountRefusal(account, product, 'session');
    if (refusal?.code === 'subscription_required') await this.end(session.sessionId);
    if (refusal) throw refusal;
    await this.touch(session);
    const { sessionId, userId, csrfToken, role, email } = session;
    if (role === 'operator') throw new Error('callerFor: an operator session has no account');
    return sessionCallerFor(account, { sessionId, userId, csrfToken }, role, email);
  }

  async operatorFor(session: SessionRecord): Promise<OperatorCaller> {
    if (session.role !== 'operator') throw new Error('operatorFor: not an operator session');
    await this.touch(session);
    const { sessionId, userId, csrfToken } = session;
    return { sessionId, userId, csrfToken };
  }

  async end(sessionId: string): Promise<void> {
    await this.store.delete(sessionId);
  }

  /** The user's live sessions, the most recently seen first. */
  async listOf(userId: string): Promise<SessionEntity[]> {
    const now = this.clock.nowMs();
    return (await this.store.listOfUser(userId)).filter((session) => !isSessionOver(session, now));
  }

  /**
   * Ends one of the user's own sessions: its next request is signed out. Another user's session
   * is not found, as an unknown id is, so the answer tells nothing of it.
   */
  async endOwn(userId: string, sessionId: string): Promise<void> {
    if (!(await this.store.deleteOfUser(sessionId, userId))) throw AppError.notFound('Session');
  }

  /** Ends every session of the user but `keep` (the one asking); how many ended. */
  endOthers(userId: string, keep: string): Promise<number> {
    return this.store.deleteOthersOfUser(userId, keep);
  }

  /** Deletes the sessions that are over (the retention run); a later use would delete them too. */
  async pruneEnded(batchSize: number): Promise<number> {
    const now = this.clock.nowMs();
    return this.store.deleteEnded(now - SESSION_IDLE_MS, now - SESSION_MAX_AGE_MS, batchSize);
  }

  private async touch(session: SessionRecord): Promise<void> {
    const now = this.clock.nowMs();
    const staleBefore = now - SESSION_TOUCH_INTERVAL_MS;
    if (session.lastSeenAt > staleBefore) return;
    await this.store.touch(session.sessionId, now, staleBefore);
  }
}
