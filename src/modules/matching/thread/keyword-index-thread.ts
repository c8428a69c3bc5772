import { Worker } from 'node:worker_threads';
import type {
  IndexQuestion,
  IndexReply,
  IndexRequest,
  IndexThreadData,
  RefreshAnswer,
} from './keyword-index-protocol.js';
import type { MatchInput } from '../keyword-matcher.js';
import type { ItemMatches, MatchedKeyword } from '../live/live-keyword-index.js';

/**
 * The thread stopped (crashed, ran out of memory, was terminated, or did not answer in time and
 * was terminated for it): it answers nothing more.
 */
export class KeywordIndexThreadGone extends Error {}

interface Waiting {
  resolve(result: unknown): void;
  reject(error: Error): void;
  deadline: NodeJS.Timeout;
}

const WORKER_FILE = new URL('./keyword-index.worker.js', import.meta.url);
/** How long `close` lets the thread close its connections before it is terminated anyway. */
const CLOSE_TIMEOUT_MS = 5_000;
/**
 * A question unanswered this long means the thread hangs: it is terminated. Matching a batch
 * takes milliseconds and loading 100,000 keywords about a second (docs/performance.md); a refresh
 * may wait for such a load, and reads go through the database's statement timeout.
 */
export const DEFAULT_ANSWER_DEADLINE_MS = 60_000;

export interface KeywordIndexThreadOptions {
  /** The thread reads DATABASE_URL as the application does when none is given. */
  databaseUrl?: string;
  /** PostgreSQL's statement timeout on the thread's connections (DATABASE_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
  workerFile?: URL;
  answerDeadlineMs?: number;
}

/**
 * The Alerts keyword index on a thread of its own (keyword-index.worker.ts, docs/matching.md),
 * started before the modules load so it is built on the second core during start-up. This file
 * imports only worker_threads: starting the thread costs next to nothing.
 */
export class KeywordIndexThread {
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  private gone: KeywordIndexThreadGone | undefined;

  private constructor(
    private readonly worker: Worker,
    private readonly answerDeadlineMs: number,
  ) {
    worker.on('message', (reply: IndexReply) => this.settle(reply));
    worker.on('error', (error) => this.stop(`failed: ${error.message}`));
    worker.on('exit', (code) => this.stop(`exited with code ${code}`));
    // Only a question waiting for its answer keeps the process alive (see `ask`).
    worker.unref();
  }

  static start(options: KeywordIndexThreadOptions = {}): KeywordIndexThread {
    const { databaseUrl, statementTimeoutMs } = options;
    const workerData: IndexThreadData = { databaseUrl, statementTimeoutMs };
    return new KeywordIndexThread(
      new Worker(options.workerFile ?? WORKER_FILE, { workerData }),
      options.answerDeadlineMs ?? DEFAULT_ANSWER_DEADLINE_MS,
    );
  }

  refresh(): Promise<RefreshAnswer> {
    return this.ask({ op: 'refresh' }) as Promise<RefreshAnswer>;
  }

  async reset(): Promise<void> {
    await this.ask({ op: 'reset' });
  }

  match(inputs: MatchInput[]): Promise<MatchedKeyword[][]> {
    return this.ask({ op: 'match', inputs }) as Promise<MatchedKeyword[][]>;
  }

  matchWithPending(inputs: MatchInput[]): Promise<ItemMatches[]> {
    return this.ask({ op: 'match', inputs, withPending: true }) as Promise<ItemMatches[]>;
  }

  async close(): Promise<void> {
    if (this.gone === undefined) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_TIMEOUT_MS)));
      await Promise.race([this.ask({ op: 'close' }), timeout]).catch(() => undefined);
      clearTimeout(timer);
    }
    this.stop('closed');
    await this.worker.terminate();
  }

  private ask(question: IndexQuestion): Promise<unknown> {
    if (this.gone !== undefined) return Promise.reject(this.gone);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) this.worker.ref();
      const deadline = setTimeout(() => this.giveUp(question.op), this.answerDeadlineMs);
      this.waiting.set(id, { resolve, reject, deadline });
      this.worker.postMessage({ ...question, id } satisfies IndexRequest);
    });
  }

  /** A thread that hangs (a loop, a read that never ends) is stopped: its answers would never come. */
  private giveUp(op: IndexQuestion['op']): void {
    this.stop(`did not answer a ${op} within ${this.answerDeadlineMs} ms and was terminated`);
    void this.worker.terminate();
  }

  private settle(reply: IndexReply): void {
    const waiting = this.waiting.get(reply.id);
    if (waiting === undefined) return;
    clearTimeout(waiting.deadline);
    this.waiting.delete(reply.id);
    if (this.waiting.size === 0) this.worker.unref();
    if (reply.ok) waiting.resolve(reply.result);
    else waiting.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
  }

  private stop(reason: string): void {
    if (this.gone !== undefined) return;
    this.gone = new KeywordIndexThreadGone(`keyword index thread ${reason}`);
    for (const waiting of this.waiting.values()) {
      clearTimeout(waiting.deadline);
      waiting.reject(this.gone);
    }
    this.waiting.clear();
    this.worker.unref();
  }
}
