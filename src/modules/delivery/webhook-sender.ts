import { performance } from 'node:perf_hooks';

import { Agent, request } from 'undici';

import { safeLookup } from '../../common/network/safe-lookup.js';
import { checkWebhookUrl } from '../../common/network/webhook-url.js';
import {
  describeHttpStatus,
  describeRequestError,
  describeTimeout,
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
}

export interface WebhookSenderOptions {
  /** Deadline for connecting and receiving the response headers. */
  timeoutMs: number;
  /** Development only: allow http and private addresses (WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  /** Connections kept per receiving origin. */
  maxConnections?: number;
}

const DEFAULT_MAX_CONNECTIONS = 64;
/** Enough of a response body to let a small answer keep its connection alive; the rest is cut. */
const MAX_RESPONSE_BODY_BYTES = 4096;

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
    const result = (outcome: Omit<WebhookAttemptResult, 'durationMs'>): WebhookAttemptResult => ({
      ...outcome,
      durationMs: Math.round(performance.now() - startedAt),
    });

    // Literal addresses never reach the lookup, and the rules may have changed since creation.
    const check = checkWebhookUrl(webhookRequest.url, { allowPrivate: this.options.allowPrivate });
    if (!check.ok) return result({ ok: false, status: null, error: check.reason });

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
      const answered = result({ ok, status, error: ok ? null : describeHttpStatus(status) });
      // The answer is already known: a body that errors, trickles or never ends changes nothing.
      await response.body
        .dump({ limit: MAX_RESPONSE_BODY_BYTES, signal: deadline })
        .catch(() => undefined);
      return answered;
    } catch (error) {
      const text = deadline.aborted
        ? describeTimeout(this.options.timeoutMs)
        : describeRequestError(error, this.options.timeoutMs);
      return result({ ok: false, status: null, error: text });
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }
}
