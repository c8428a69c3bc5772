import type { RecordedAttempt } from '../../delivery/webhook-targets.js';
import { tallyByWebhook } from './webhook-tally.js';

const ok = (webhookId: string, attemptedAt = 1): RecordedAttempt => ({
  webhookId,
  attemptedAt,
  outcome: { ok: true, status: 200, error: null, durationMs: 5 },
});
const failed = (webhookId: string, error: string, attemptedAt = 1): RecordedAttempt => ({
  webhookId,
  attemptedAt,
  outcome: { ok: false, status: null, error, durationMs: 5 },
});

describe('tallyByWebhook', () => {
  it('counts failures on top of the stored ones when nothing succeeded', () => {
    expect(tallyByWebhook([failed('a', 'HTTP 500', 3), failed('a', 'timeout', 2)])).toEqual([
      {
        webhookId: 'a',
        lastAttemptAt: 3,
        successes: 0,
        trailingFailures: 2,
        resetsFailures: false,
        lastError: 'timeout',
        failingSince: 2,
      },
    ]);
  });

  it('starts the failing streak at the earliest failure after the last success', () => {
    const [tally] = tallyByWebhook([
      failed('a', 'HTTP 500', 10),
      ok('a', 20),
      failed('a', 'HTTP 502', 40),
      failed('a', 'HTTP 503', 30),
    ]);

    expect(tally).toMatchObject({ resetsFailures: true, trailingFailures: 2, failingSince: 30 });
  });

  it('ends the failing streak when the last attempt succeeded', () => {
    const [tally] = tallyByWebhook([failed('a', 'HTTP 500', 10), ok('a', 20)]);

    expect(tally).toMatchObject({ resetsFailures: true, trailingFailures: 0, failingSince: null });
  });

  it('restarts the failure count at the last success and keeps the last failure text', () => {
    const [tally] = tallyByWebhook([
      failed('a', 'HTTP 500'),
      ok('a'),
      failed('a', 'connection refused'),
      ok('a'),
    ]);

    expect(tally).toMatchObject({
      successes: 2,
      trailingFailures: 0,
      resetsFailures: true,
      lastError: 'connection refused',
    });
  });

  it('keeps webhooks apart, in id order', () => {
    expect(tallyByWebhook([ok('b'), failed('a', 'x')]).map((t) => t.webhookId)).toEqual(['a', 'b']);
  });
});
