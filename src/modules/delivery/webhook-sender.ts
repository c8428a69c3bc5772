import { performance } from 'node:perf_hooks';

import { Agent, request } from 'undici';

import { safeLookup } from '../../common/network/safe-lookup.js';
import { checkWebhookUrl } from '../../common/network/webhook-url.js';
import { retryAfterMs } from './retry-policy.js';
import {
  describeHttpStatus,
  describeRequestError,
  describeTimeout,
  isRefusedAddress,
} from './attempt-failure-text.js';

export interface WebhookRequest {
  url: string;
  /** The exact JSON bytes to send; the signature was computed over them. */
  body: string;
  headers: Record<string, string>;
}

export interface WebhookAttemptResult {
  ok: boolean;
  status: number | null;
  error: string | null;
  /** From the start of the attempt until the response headers arrived or the attempt failed. */
  durationMs: number;
  /** From the start until the attempt was over: the body read or given up, the slot free again. */
  heldMs: number;
  /** The receiver was still sending its body when the time allowed after the status ran out. */
  bodyAbandoned: boolean;
  /** Nothing was sent: the URL rules refused the address. */
  refused: boolean;
  /** The answer's Retry-After, in ms from when it arrived; null when absent or unreadable. */
  retryAfterMs: number | null;
}

export interface WebhookSenderOptions {
  /** Deadline for connecting and receiving the response headers. */
  timeoutMs: number;
  /** Development only: allow http and private addresses (WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  maxConnections?: number;
}

const DEFAULT_MAX_CONNECTIONS = 64;
/** Enough of a response body to let a small answer keep its connection alive; the rest is cut. */
const MAX_RESPONSE_BODY_BYTES = 4096;
/**
 * How long the body may take once the status is in. The answer is known by then: a receiver that
 * trickles its body (or never ends it) would otherwise hold the slot until the deadline.
 */
export const RESPONSE_BODY_BUDGET_MS = 250;

/** Posts webhook deliveries. Every outcome, including every failure, is a result, never a throw. */
export class WebhookSender {
  private readonly agent: Agent;

  constructor(private readonly options: WebhookSenderOptions) {
    this.agent = new Agent({
      connections: options.maxConnections ?? DEFAULT_MAX_CONNECTIONS,
      connect: {
        timeout: options.timeoutMs,
        ...(options.allowPrivate ? {} : { lookup: safeLookup }),
      },
    });
  }

  async send(webhookRequest: WebhookRequest): Promise<WebhookAttemptResult> {
    const startedAt = performance.now();
    const elapsedMs = () => Math.round(performance.now() - startedAt);
    const result = (
      outcome: Pick<WebhookAttemptResult, 'ok' | 'status' | 'error'>,
      answer: Partial<Pick<WebhookAttemptResult, 'refused' | 'retryAfterMs'>> = {},
    ): WebhookAttemptResult => {
      const durationMs = elapsedMs();
      return {
        ...outcome,
        durationMs,
        heldMs: durationMs,
        bodyAbandoned: false,
        refused: answer.refused ?? false,
        retryAfterMs: answer.retryAfterMs ?? null,
      };
    };

    // Literal addresses never reach the lookup, and the rules may have changed since creation.
    const check = checkWebhookUrl(webhookRequest.url, { allowPrivate: this.options.allowPrivate });
    if (!check.ok)
      return result({ ok: false, status: null, error: check.reason }, { refused: true });

    const deadline = AbortSignal.timeout(this.options.timeoutMs);
    try {
      const response = await request(check.url, {
        dispatcher: this.agent,
        method: 'POST',
        headers: webhookRequest.headers,
        body: webhookRequest.body,
        signal: deadline,
      });
      const status = response.statusCode;
      const ok = status >= 200 && status < 300;
      const retryAfter = response.headers['retry-after'];
      const error = ok ? null : describeHttpStatus(status, retryAfter);
      const answered = result(
        { ok, status, error },
        { retryAfterMs: retryAfterMs(retryAfter, Date.now()) },
      );
      // The answer is already known: a body that errors, trickles or never ends changes nothing.
      const budget = AbortSignal.any([deadline, AbortSignal.timeout(RESPONSE_BODY_BUDGET_MS)]);
      const bodyAbandoned = await response.body
        .dump({ limit: MAX_RESPONSE_BODY_BYTES, signal: budget })
        .then(
          () => false,
          () => budget.aborted,
        );
      return { ...answered, heldMs: elapsedMs(), bodyAbandoned };
    } catch (error) {
      const text = deadline.aborted
        ? describeTimeout(this.options.timeoutMs)
        : describeRequestError(error, this.options.timeoutMs);
      return result({ ok: false, status: null, error: text }, { refused: isRefusedAddress(error) });
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
