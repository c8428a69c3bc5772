import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { createServer, type Server } from 'node:http';
import type Provider from 'oidc-provider';

import { listenOnTestPort } from './ports.js';

export interface ProviderClient {
  clientId: string;
  clientSecret: string;
}

/** What the ID tokens of the token endpoint become on their way out (tests of the checks). */
export interface IdTokenTampering {
  claims?: (claims: JWTPayload) => JWTPayload;
  /** Signed with a key the provider does not publish. */
  foreignKey?: boolean;
}

/** A real OpenID provider (oidc-provider) on a loopback port, started inside a test. */
export interface TestOpenIdProvider {
  issuer: string;
  /** The client an account's settings name; PKCE required, client_secret_basic. */
  client: ProviderClient;
  /** A second client registered at the same provider (tokens for another audience). */
  otherClient: ProviderClient;
  /** Claims of a login beyond `sub`; by default the login is the email, verified. */
  claims: Map<string, Record<string, unknown>>;
  /** Set to alter the next ID tokens; null issues them as the provider made them. */
  tamper: IdTokenTampering | null;
  /**
   * Follows `authorizationUrl` through the provider's own login form as `login` would, and
   * answers the URL the provider sends the browser back to (with code and state), unfollowed.
   */
  signInAs(authorizationUrl: string, login: string): Promise<URL>;
  close(): Promise<void>;
}

const KEY_ID = 'test-signing-key';

/**
 * oidc-provider, loaded and configured without its console warnings, each about what a test
 * means to use: Node 20, the in-memory adapter, the development login pages.
 */
async function quietly<T>(work: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!String(args[0]).startsWith('oidc-provider WARNING')) warn(...args);
  };
  try {
    return await work();
  } finally {
    console.warn = warn;
  }
}

class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const separator = pair.indexOf('=');
      this.cookies.set(pair.slice(0, separator), pair.slice(separator + 1));
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Starts the provider with one client for `redirectUri` (and another one), PKCE required,
 * consent granted ahead (first-party clients), signing ID tokens with RS256 under a key the
 * fixture holds too, so a test can alter a token and sign it again as the provider would.
 */
export async function startOpenIdProvider(redirectUri: string): Promise<TestOpenIdProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const foreign = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(privateKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' };
  let handler: ReturnType<Provider['callback']> = (_req, res) => res.end();
  const server: Server = createServer((req, res) => handler(req, res));
  const issuer = `http://127.0.0.1:${await listenOnTestPort(server)}`;

  const client = { clientId: 'alerts-dashboard', clientSecret: 'client-secret-b8f1c0d2e7a94f63' };
  const otherClient = { clientId: 'another-app', clientSecret: 'another-secret-5e2d9a7c1b384f06' };
  const claims = new Map<string, Record<string, unknown>>();
  const registered = (c: ProviderClient) => ({
    client_id: c.clientId,
    client_secret: c.clientSecret,
    redirect_uris: [redirectUri],
    grant_types: ['authorization_code'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  });
  const { default: OidcProvider } = await quietly(() => import('oidc-provider'));
  const provider: Provider = await quietly(async () => new OidcProvider(issuer, {
    clients: [registered(client), registered(otherClient)],
    jwks: { keys: [jwk] },
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    cookies: { keys: ['test-cookie-key-0123456789abcdef'] },
    ttl: { Interaction: 600, Grant: 600, Session: 600, AccessToken: 600, IdToken: 600 },
    findAccount: (_ctx: unknown, sub: string) => ({
      accountId: sub,
      claims: () => ({ sub, ...(claims.get(sub) ?? { email: sub, email_verified: true }) }),
    }),
    loadExistingGrant: async (ctx: {
      oidc: { client: { clientId: string }; session: { accountId: string } };
    }) => {
      const grant = new provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid email');
      await grant.save();
      return grant;
    },
  }));

  const fixture: TestOpenIdProvider = {
    issuer,
    client,
    otherClient,
    claims,
    tamper: null,
    async signInAs(authorizationUrl, login) {
      const jar = new CookieJar();
      const step = async (url: string, init: RequestInit = {}) => {
        const response = await fetch(url, {
          ...init,
          redirect: 'manual',
          headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
        });
        jar.take(response);
        return response;
      };
      let response = await step(authorizationUrl);
      for (let hops = 0; hops < 10; hops += 1) {
        const location = response.headers.get('location');
        if (location === null) {
          throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
        }
        const next = new URL(location, issuer);
        if (next.origin !== issuer) return next;
        if (next.pathname.startsWith('/interaction/')) {
          await step(next.href);
          response = await step(next.href, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
          });
        } else {
          response = await step(next.href);
        }
      }
      throw new Error('the provider redirected more than 10 times');
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };

  provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== '/token' || fixture.tamper === null || typeof body?.id_token !== 'string') {
      return;
    }
    const { claims: alter = (same) => same, foreignKey = false } = fixture.tamper;
    ctx.body = {
      ...body,
      id_token: await new SignJWT(alter(decodeJwt(body.id_token)))
        .setProtectedHeader({ alg: 'RS256', kid: KEY_ID, typ: 'JWT' })
        .sign(foreignKey ? foreign.privateKey : privateKey),
    };
  });
  handler = provider.callback();
  return fixture;
}
