import type { IncomingHttpHeaders, IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GeneratorRates, RawData, Thing, WorldRealism } from './reddit-world.js';
import { REDDIT_REALISM, RedditWorld } from './reddit-world.js';

/**
 * A Reddit on 127.0.0.1 speaking the real JSON shapes, over a RedditWorld: OAuth
 * client-credentials tokens that expire, /r/all/new and /r/all/comments (newest first, `limit`
 * ≤ 100, `after`/`before` anchors that give an empty page once outside the 1,000-item window),
 * /api/info (up to 100 fullnames, t1 and t3 mixed, silently leaving out what it does not show),
 * a request allowance per OAuth client averaged over a window with X-Ratelimit-Used, -Remaining
 * and -Reset on every answer and 429 beyond it, outages and scripted failures.
 */

export interface SimCredential {
  clientId: string;
  clientSecret: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** The OAuth client whose token authorised the call (null for token calls and bad tokens). */
  clientId: string | null;
  at: number;
  status: number;
}

export interface ScriptedResponse {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface RedditSimOptions {
  credentials?: SimCredential[];
  tokenLifetimeSeconds?: number;
  /** Reddit: 100 a minute, averaged over a 600 s window. */
  requestsPerMinute?: number;
  windowSeconds?: number;
  realism?: WorldRealism;
  seed?: number;
  /** Time as Reddit sees it (epoch ms); Date.now unless a test moves its own clock. */
  now?: () => number;
  /** Keep every request in `requests` (tests); a benchmark only counts them. */
  recordRequests?: boolean;
  /**
   * X-Ratelimit-Used, -Remaining and -Reset on every answer, as Reddit sends them (default);
   * false leaves them out, so the client paces on its nominal allowance alone. The allowance
   * is enforced either way (429 beyond it).
   */
  rateLimitHeaders?: boolean;
}

interface Window {
  startedAt: number;
  used: number;
}

export class RedditSimServer {
  readonly requests: RecordedRequest[] = [];
  readonly counts = { byPath: new Map<string, number>(), status429: 0, status401: 0 };
  readonly world: RedditWorld;
  private readonly tokens = new Map<string, { clientId: string; expiresAt: number }>();
  private readonly scripted: { pathPrefix: string; response: ScriptedResponse }[] = [];
  private readonly windows = new Map<string, Window>();
  private outage: ScriptedResponse | null = null;
  /** While Reddit hangs: the answers it owes and will never give. */
  private unanswered: ServerResponse[] | null = null;
  private tokensIssued = 0;
  private clock: () => number;

  private constructor(
    private readonly server: Server,
    readonly baseUrl: string,
    private readonly options: Required<Omit<RedditSimOptions, 'now' | 'realism' | 'seed'>>,
    clock: () => number,
    realism: WorldRealism,
    seed: number,
  ) {
    this.clock = clock;
    this.world = new RedditWorld(() => this.clock(), realism, seed);
  }

  static async start(options: RedditSimOptions = {}): Promise<RedditSimServer> {
    const settings = {
      credentials: options.credentials ?? [{ clientId: 'client-a', clientSecret: 'secret-a' }],
      tokenLifetimeSeconds: options.tokenLifetimeSeconds ?? 3_600,
      requestsPerMinute: options.requestsPerMinute ?? 100,
      windowSeconds: options.windowSeconds ?? 600,
      recordRequests: options.recordRequests ?? true,
      rateLimitHeaders: options.rateLimitHeaders ?? true,
    };
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const sim = new RedditSimServer(
      server,
      `http://127.0.0.1:${port}`,
      settings,
      options.now ?? Date.now,
      options.realism ?? REDDIT_REALISM,
      options.seed ?? 1,
    );
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      sim.handle(request, response);
    });
    return sim;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) =>
      this.server.close((error) => (error ? reject(error) : resolve())),
    );
  }

  /** Reddit's clock from now on (a test's clock, so both sides agree on what "now" is). */
  useClock(now: () => number): void {
    this.clock = now;
  }

  now(): number {
    return this.clock();
  }

  generate(rates: GeneratorRates): void {
    this.world.generate(rates);
  }

  /** Creates posts with the next sequential ids now; returns their ids, oldest first. */
  addPosts(count: number): string[] {
    return Array.from({ length: count }, () => this.addPost());
  }

  addPost(fields: RawData = {}, overrides: Partial<Thing> = {}): string {
    return String(this.world.createPost(this.clock(), fields, overrides).data.id);
  }

  addComments(count: number, postId: string): string[] {
    return Array.from({ length: count }, () => this.addComment(postId));
  }

  addComment(postId: string, fields: RawData = {}, overrides: Partial<Thing> = {}): string {
    return String(this.world.createComment(this.clock(), postId, fields, overrides).data.id);
  }

  /** Like posts in subreddits that /r/all leaves out: /api/info still knows them. */
  hideFromListings(fullnames: readonly string[]): void {
    for (const fullname of fullnames) this.thing(fullname).unlisted = true;
  }

  /** Like removed or spam-filtered items: neither listings nor /api/info return them. */
  remove(fullnames: readonly string[]): void {
    for (const fullname of fullnames) this.thing(fullname).hidden = true;
  }

  /** The next request whose path starts with `pathPrefix` gets this answer instead. */
  respondOnce(pathPrefix: string, response: ScriptedResponse): void {
    this.scripted.push({ pathPrefix, response });
  }

  /** Every API call gets this answer until `endOutage` (tokens too). */
  startOutage(response: ScriptedResponse = { status: 503, body: { error: 503 } }): void {
    this.outage = response;
  }

  endOutage(): void {
    this.outage = null;
  }

  /** Every call from now on (tokens too) is taken and never answered, until `endHang`. */
  startHang(): void {
    this.unanswered ??= [];
  }

  /** Drops the connections of the calls left unanswered, and answers again. */
  endHang(): void {
    for (const response of this.unanswered ?? []) response.destroy();
    this.unanswered = null;
  }

  /** Every token issued so far is refused from now on (401). */
  revokeTokens(): void {
    this.tokens.clear();
  }

  resetRateLimits(): void {
    this.windows.clear();
  }

  apiRequests(): RecordedRequest[] {
    return this.requests.filter((request) => request.path !== '/api/v1/access_token');
  }

  tokenRequests(): RecordedRequest[] {
    return this.requests.filter((request) => request.path === '/api/v1/access_token');
  }

  private thing(fullname: string): Thing {
    const thing = this.world.thing(fullname);
    if (thing === undefined) throw new Error(`simulated Reddit has no ${fullname}`);
    return thing;
  }

  private handle(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', this.baseUrl);
      const recorded: RecordedRequest = {
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        clientId: null,
        at: this.clock(),
        status: 0,
      };
      if (this.unanswered !== null) {
        this.count(recorded);
        this.unanswered.push(response);
        return;
      }
      const answer = this.answer(recorded);
      recorded.status = answer.status;
      this.count(recorded);
      response.writeHead(answer.status, {
        'content-type': 'application/json; charset=UTF-8',
        ...answer.headers,
      });
      response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
    });
  }

  private count(request: RecordedRequest): void {
    if (this.options.recordRequests) this.requests.push(request);
    const { byPath } = this.counts;
    byPath.set(request.path, (byPath.get(request.path) ?? 0) + 1);
    if (request.status === 429) this.counts.status429 += 1;
    if (request.status === 401) this.counts.status401 += 1;
  }

  private answer(request: RecordedRequest): ScriptedResponse {
    if (this.outage !== null) return this.outage;
    const scripted = this.takeScripted(request.path);
    if (request.path === '/api/v1/access_token' && request.method === 'POST') {
      return scripted ?? this.issueToken(request);
    }
    const token = this.tokens.get(bearerToken(request.headers) ?? '');
    if (token === undefined || token.expiresAt <= this.clock()) {
      return { status: 401, body: { message: 'Unauthorized', error: 401 } };
    }
    request.clientId = token.clientId;
    const rateLimit = this.countRequest(token.clientId);
    if (scripted !== undefined) {
      return { ...scripted, headers: { ...rateLimit.headers, ...scripted.headers } };
    }
    if (rateLimit.exceeded) {
      return {
        status: 429,
        headers: rateLimit.headers,
        body: { message: 'Too Many Requests', error: 429 },
      };
    }
    const body = this.route(request);
    if (body === null) {
      return {
        status: 404,
        headers: rateLimit.headers,
        body: { message: 'Not Found', error: 404 },
      };
    }
    return { status: 'error' in body ? 400 : 200, headers: rateLimit.headers, body };
  }

  private takeScripted(path: string): ScriptedResponse | undefined {
    const index = this.scripted.findIndex(({ pathPrefix }) => path.startsWith(pathPrefix));
    return index === -1 ? undefined : this.scripted.splice(index, 1)[0]?.response;
  }

  private route(request: RecordedRequest): RawData | null {
    switch (request.path) {
      case '/r/all/new':
        return this.listing('t3', request.query);
      case '/r/all/comments':
        return this.listing('t1', request.query);
      case '/api/info':
        return this.info(request.query);
      default:
        return null;
    }
  }

  private issueToken(request: RecordedRequest): ScriptedResponse {
    const credential = this.options.credentials.find(
      ({ clientId, clientSecret }) =>
        request.headers.authorization ===
        `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
    );
    if (credential === undefined) {
      return { status: 401, body: { message: 'Unauthorized', error: 401 } };
    }
    if (request.body !== 'grant_type=client_credentials') {
      return { status: 200, body: { error: 'unsupported_grant_type' } };
    }
    this.tokensIssued += 1;
    const token = `token-${credential.clientId}-${this.tokensIssued}`;
    const lifetime = this.options.tokenLifetimeSeconds;
    this.tokens.set(token, {
      clientId: credential.clientId,
      expiresAt: this.clock() + lifetime * 1_000,
    });
    return {
      status: 200,
      body: { access_token: token, token_type: 'bearer', expires_in: lifetime, scope: '*' },
    };
  }

  /** A window starts with a client's first request and allows requestsPerMinute on average. */
  private countRequest(clientId: string): { exceeded: boolean; headers: Record<string, string> } {
    const { requestsPerMinute, windowSeconds } = this.options;
    const windowMs = windowSeconds * 1_000;
    const limit = Math.round((requestsPerMinute * windowSeconds) / 60);
    const now = this.clock();
    let window = this.windows.get(clientId);
    if (window === undefined || now >= window.startedAt + windowMs) {
      window = { startedAt: now, used: 0 };
      this.windows.set(clientId, window);
    }
    window.used += 1;
    const exceeded = window.used > limit;
    if (!this.options.rateLimitHeaders) return { exceeded, headers: {} };
    return {
      exceeded,
      headers: {
        'x-ratelimit-used': String(window.used),
        'x-ratelimit-remaining': Math.max(0, limit - window.used).toFixed(1),
        'x-ratelimit-reset': String(Math.floor((window.startedAt + windowMs - now) / 1_000)),
      },
    };
  }

  private listing(kind: 't3' | 't1', query: URLSearchParams): RawData {
    const limit = Math.max(1, Math.min(100, Number(query.get('limit') ?? 25) || 25));
    const window = this.world.listingWindow(kind);
    const after = query.get('after');
    const before = query.get('before');
    let page: Thing[];
    if (after !== null) {
      const index = window.findIndex((thing) => thing.data.name === after);
      page = index === -1 ? [] : window.slice(index + 1, index + 1 + limit);
    } else if (before !== null) {
      const index = window.findIndex((thing) => thing.data.name === before);
      page = index === -1 ? [] : window.slice(Math.max(0, index - limit), index);
    } else {
      page = window.slice(0, limit);
    }
    const last = page.at(-1);
    const hasMore = last !== undefined && window.indexOf(last) < window.length - 1;
    return listingBody(page, hasMore ? String(last.data.name) : null);
  }

  private info(query: URLSearchParams): RawData {
    const fullnames = (query.get('id') ?? '').split(',').filter((name) => name !== '');
    if (fullnames.length > 100) return { message: 'too many ids', error: 'TOO_MANY_IDS' };
    const found = fullnames
      .map((fullname) => this.world.lookUp(fullname))
      .filter((thing): thing is Thing => thing !== undefined);
    return listingBody(found, null, withoutListingOnlyFields);
  }
}

/** /api/info does not carry a comment's link_title or link_permalink. */
function withoutListingOnlyFields(thing: Thing): RawData {
  if (thing.kind === 't3') return thing.data;
  const data = { ...thing.data };
  delete data.link_title;
  delete data.link_permalink;
  delete data.num_comments;
  return data;
}

function listingBody(
  things: Thing[],
  after: string | null,
  dataOf: (thing: Thing) => RawData = (thing) => thing.data,
): RawData {
  const children = things.map((thing) => ({ kind: thing.kind, data: dataOf(thing) }));
  return {
    kind: 'Listing',
    data: { after, dist: children.length, modhash: '', geo_filter: null, children, before: null },
  };
}

function bearerToken(headers: IncomingHttpHeaders): string | null {
  const match = /^bearer (.+)$/i.exec(headers.authorization ?? '');
  return match?.[1] ?? null;
}
