import { setTimeout as sleep } from 'node:timers/promises';
import { GraphqlSession } from '../graphql-session.js';

/** How often the open Alerts page asks for newer alerts (the dashboard's LIVE_POLL_MS). */
const LIVE_POLL_MS = 2_000;
/** How far before the newest alert shown the page looks again (the dashboard's OVERLAP_MS). */
const OVERLAP_MS = 5_000;
const FIRST_PAGE = 50;
const LIVE_PAGE = 100;

/** The dashboard's own operations (src/dashboard-client: app/session.ts, pages/), as it sends them. */
const VIEWER = `query Viewer { viewer { csrfToken role user { id email }
  account { id name product plan status keywordLimit } } }`;
const KEYWORD_CHOICES = 'query KeywordChoices { keywords { nodes { id text } } }';
const ALERTS = `query Alerts($first: Int, $after: String, $since: String, $keywordId: ID,
  $type: AlertEvent, $subreddit: String) {
  alerts(first: $first, after: $after, since: $since, keywordId: $keywordId, type: $type,
    subreddit: $subreddit) {
    edges { node { id event timestamp redditId title subreddit author selftext comment url
      keywordId keywordText relevanceScore upvotes replies createdUtc webhookPayload } }
    pageInfo { endCursor hasNextPage }
  }
}`;

interface AlertsAnswer {
  alerts: { edges: Array<{ node: { timestamp: string } }> };
}

/** What a session's polls did since they were last taken. */
export interface PollFigures {
  polls: number;
  failures: number;
  /** Each successful poll's time from request to parsed answer, ms. */
  latenciesMs: number[];
  lastError: string | null;
}

const noPolls = (): PollFigures => ({ polls: 0, failures: 0, latenciesMs: [], lastError: null });

/**
 * One browser with the dashboard's Alerts page open: signed in, the page's first queries, then
 * the live poll for newer alerts every LIVE_POLL_MS (pages/live-alerts.ts), until stopped.
 */
export class DashboardSession {
  private newest: string | undefined;
  private figures = noPolls();
  private stopped = false;
  private polling: Promise<void> = Promise.resolve();

  private constructor(private readonly session: GraphqlSession) {}

  static async open(base: string, email: string, password: string): Promise<DashboardSession> {
    const session = await GraphqlSession.signIn(base, email, password);
    await session.query(VIEWER);
    const page = new DashboardSession(session);
    page.show(await session.query<AlertsAnswer>(ALERTS, { first: FIRST_PAGE }));
    await session.query(KEYWORD_CHOICES);
    return page;
  }

  startPolling(): void {
    this.polling = this.poll();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.polling;
  }

  /** The figures since the previous call. */
  take(): PollFigures {
    const figures = this.figures;
    this.figures = noPolls();
    return figures;
  }

  private async poll(): Promise<void> {
    let dueAt = Date.now() + LIVE_POLL_MS;
    for (;;) {
      await sleep(Math.max(0, dueAt - Date.now()));
      if (this.stopped) return;
      dueAt = Math.max(dueAt + LIVE_POLL_MS, Date.now());
      const since =
        this.newest === undefined
          ? undefined
          : new Date(Date.parse(this.newest) - OVERLAP_MS).toISOString();
      const started = performance.now();
      try {
        this.show(await this.session.query<AlertsAnswer>(ALERTS, { since, first: LIVE_PAGE }));
        this.figures.latenciesMs.push(performance.now() - started);
      } catch (error) {
        this.figures.failures += 1;
        this.figures.lastError = (error as Error).message;
      }
      this.figures.polls += 1;
    }
  }

  private show({ alerts }: AlertsAnswer): void {
    const newest = alerts.edges[0]?.node.timestamp;
    if (newest === undefined) return;
    if (this.newest === undefined || Date.parse(newest) > Date.parse(this.newest))
      this.newest = newest;
  }
}
