import { Inject, Injectable } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../../common/errors/app-error.js';
import { clientAddress } from '../../common/http/client-address.js';
import { cookieValue } from '../../common/http/cookies.js';
import { publicBaseUrl } from '../../common/http/public-base-url.js';
import type { AppRequest } from '../../common/http/request-of.js';
import { APP_CONFIG, type AppConfig } from '../../config/app-config.js';
import type { Product } from '../../config/plans.js';
import { ApiKeyAuthenticator } from './api-key-authenticator.service.js';
import { AuthFailureLimiter } from './auth-failure-limiter.service.js';
import type { Caller } from './caller.js';
import { isPublicOperation, isViewerQuery, type GraphqlOperation } from './graphql-operation.js';
import { graphqlAccessOf, restAccessOf, type RequestAccess } from './key-access.js';
import { isCrossOrigin } from './request-origin.js';
import {
  CSRF_HEADER,
  SESSION_COOKIE,
  SessionAuthenticator,
  type SessionRecord,
} from './session-authenticator.js';

/**
 * What a request may authenticate with besides an API key: nothing (REST, GET /graphql), or on
 * POST /graphql the session cookie, with its CSRF token, or without it for the viewer query.
 */
type SessionAccess = 'none' | 'csrf-token-required' | 'csrf-token-optional';

interface RequestAuthentication {
  sessions: SessionAccess;
  /** What the request does, for a read key's scope; asked only of one. */
  access: () => RequestAccess;
  attempts: Map<Product, Promise<Caller>>;
  /** The cookie's session, checked (origin, CSRF token) once per request, or null without one. */
  session?: Promise<SessionRecord | null>;
}

function sameToken(sent: string | undefined, expected: string): boolean {
  if (sent === undefined) return false;
  const left = Buffer.from(sent);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Every key and session check, in one place: a request is authenticated once however many guards
 * ask (GraphQL runs them per root field). Failures count against the client address.
 */
@Injectable()
export class RequestAuthenticator {
  private readonly requests = new WeakMap<AppRequest, RequestAuthentication>();

  constructor(
    private readonly keys: ApiKeyAuthenticator,
    private readonly sessions: SessionAuthenticator,
    private readonly failures: AuthFailureLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The caller of a REST request (an API key only), or of a GraphQL one already authenticated. */
  authenticate(request: AppRequest, product: Product): Promise<Caller> {
    const access = () => restAccessOf(request.method);
    return this.attemptFor(this.authenticationOf(request, 'none', access), request, product);
  }

  /**
   * The caller of a GraphQL request, before its document runs, where the session cookie counts
   * on POST. Null for a lone signIn, sign-up or setup link field, the operations open to anyone: they must
   * come as JSON and, when the browser names its origin, from the service's own. Null too for an
   * operator's session, which signs the request in as `request.operator`, of no account.
   * `operation` is read only when no Authorization header is sent, or for a read key's scope.
   */
  async authenticateGraphql(
    request: AppRequest,
    product: Product,
    operation: () => GraphqlOperation | null,
  ): Promise<Caller | null> {
    const read = request.headers.authorization === undefined ? operation() : null;
    if (isPublicOperation(read)) {
      if (!request.is('application/json')) throw AppError.jsonBodyRequired();
      this.refuseCrossOrigin(request);
      return null;
    }
    const sessions: SessionAccess =
      request.method !== 'POST'
        ? 'none'
        : isViewerQuery(read)
          ? 'csrf-token-optional'
          : 'csrf-token-required';
    const access = () => graphqlAccessOf(request.method, read ?? operation());
    const authentication = this.authenticationOf(request, sessions, access);
    const session = await this.counted(request, () => this.sessionOf(authentication, request));
    if (session?.role === 'operator') {
      request.operator = await this.sessions.operatorFor(session);
      return null;
    }
    return this.attemptFor(authentication, request, product);
  }

  /** The first call for a request decides what it may authenticate with. */
  private authenticationOf(
    request: AppRequest,
    sessions: SessionAccess,
    access: () => RequestAccess,
  ): RequestAuthentication {
    let authentication = this.requests.get(request);
    if (!authentication) {
      authentication = { sessions, access, attempts: new Map() };
      this.requests.set(request, authentication);
    }
    return authentication;
  }

  private attemptFor(
    authentication: RequestAuthentication,
    request: AppRequest,
    product: Product,
  ): Promise<Caller> {
    let attempt = authentication.attempts.get(product);
    if (!attempt) {
      attempt = this.attempt(request, product, authentication);
      authentication.attempts.set(product, attempt);
    }
    return attempt;
  }

  private attempt(
    request: AppRequest,
    product: Product,
    authentication: RequestAuthentication,
  ): Promise<Caller> {
    return this.counted(request, async () => {
      const caller = await this.callerOf(request, product, authentication);
      request.caller = caller;
      return caller;
    });
  }

  private async counted<T>(request: AppRequest, authenticate: () => Promise<T>): Promise<T> {
    try {
      return await authenticate();
    } catch (error) {
      if (error instanceof AppError && error.code === 'unauthorized') {
        const address = clientAddress(request, this.config.publicUrls.trustProxy);
        return this.failures.refuse(address, error);
      }
      throw error;
    }
  }

  /** An Authorization header always means an API key; without one, the cookie where it counts. */
  private async callerOf(
    request: AppRequest,
    product: Product,
    authentication: RequestAuthentication,
  ): Promise<Caller> {
    const session = await this.sessionOf(authentication, request);
    if (session === null) {
      return this.keys.authenticate(request.headers.authorization, product, authentication.access);
    }
    return this.sessions.callerFor(session, product);
  }

  /** The cookie's session, checked once per request (checkedSession), where a cookie counts; else null. */
  private sessionOf(
    authentication: RequestAuthentication,
    request: AppRequest,
  ): Promise<SessionRecord | null> {
    const token =
      request.headers.authorization === undefined && authentication.sessions !== 'none'
        ? cookieValue(request, SESSION_COOKIE)
        : undefined;
    if (token === undefined) return Promise.resolve(null);
    authentication.session ??= this.checkedSession(request, token, authentication.sessions);
    return authentication.session;
  }

  /**
   * A cookie a browser sends to any request for this host, whoever made the page: such a
   * request does nothing unless it comes from the service's own origin with the session's CSRF
   * token (which only a page of that origin can have read from viewer).
   */
  private async checkedSession(
    request: AppRequest,
    token: string,
    sessions: SessionAccess,
  ): Promise<SessionRecord> {
    this.refuseCrossOrigin(request);
    const session: SessionRecord | null = await this.sessions.find(token);
    if (!session) throw new AppError('unauthorized', 'Not signed in, or the session has ended');
    if (
      (sessions === 'csrf-token-required' || request.get(CSRF_HEADER) !== undefined) &&
      !sameToken(request.get(CSRF_HEADER), session.csrfToken)
    ) {
      throw new AppError(
        'forbidden',
        `Missing or wrong ${CSRF_HEADER}: send the session's viewer.csrfToken with every request`,
      );
    }
    return session;
  }

  private refuseCrossOrigin(request: AppRequest): void {
    if (isCrossOrigin(request, publicBaseUrl(request, this.config.publicUrls))) {
      throw new AppError(
        'forbidden',
        'Refused: a request signed in by cookie must come from the dashboard on this origin',
      );
    }
  }
}
