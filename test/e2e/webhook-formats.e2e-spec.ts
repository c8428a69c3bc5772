import type { Response } from 'supertest';
import { createKeyword } from '../factories/keyword.factory.js';
import type { WebhookResponseDto as WebhookResponse } from '../../src/modules/webhooks/dto/webhook-response.dto.js';
import { startChatReceiver, type ChatReceiver } from '../utils/chat-receivers.js';
import { bearer, createTestApp, type TestApp } from '../utils/create-test-app.js';
import {
  commentItem,
  ingest,
  postItem,
  runDeliveries,
  webhookState,
} from '../utils/delivery-scenario.js';
import { runGraphql } from '../utils/graphql.js';
import { WEBHOOK_COMMENT_FIELDS, WEBHOOK_POST_FIELDS } from '../utils/spec-fields.js';
import { testDatabaseKinds } from '../utils/test-databases.js';
import {
  hasValidSignature,
  ReceiverPool,
  type ReceivedRequest,
  type Responder,
  type WebhookReceiver,
} from '../utils/webhook-receiver.js';

const MARKUP_TITLE =
  '@everyone <!channel> <@U024BE7LH> **bold** _it_ ~~gone~~ `code` ||spoiler|| [x](https://evil.example) & <b>';

const LONG_COMMENT = `${'This comment goes on and on about the widget, '.repeat(300)}the end.`;

interface Created {
  data: WebhookResponse;
  secret: string;
}

const bodyOf = (request: ReceivedRequest): Record<string, unknown> =>
  JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;

describe.each(testDatabaseKinds())('Slack and Discord webhook formats on %s', (kind) => {
  let t: TestApp;
  const receivers = new ReceiverPool();
  const chatReceivers: ChatReceiver[] = [];
  let watchers = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, { WEBHOOK_ALLOW_PRIVATE: 'true' });
  });
  afterEach(async () => {
    await receivers.closeAll();
    await Promise.all(chatReceivers.splice(0).map((receiver) => receiver.close()));
  });
  afterAll(() => t.close());

  async function chatReceiver(platform: 'slack' | 'discord', answer?: Responder) {
    const receiver = await startChatReceiver(platform, answer);
    chatReceivers.push(receiver);
    return receiver;
  }

  /** An account watching a keyword of its own, so no other test's webhooks match its items. */
  async function watcher() {
    const { apiKey } = await t.account();
    watchers += 1;
    const term = `widget w${watchers}`;
    await createKeyword(t, apiKey, term);
    return { apiKey, term };
  }

  const postWebhook = (apiKey: string, body: object) =>
    t.http.post('/api/v1/webhooks').set(bearer(apiKey)).send(body);

  async function createWebhook(
    apiKey: string,
    receiver: WebhookReceiver,
    format?: string,
  ): Promise<Created> {
    const res = await postWebhook(apiKey, { url: receiver.url, ...(format ? { format } : {}) });
    expect(res.status).toBe(201);
    return res.body as Created;
  }

  function expectInvalidBody(res: Response, message: string): void {
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: expect.stringContaining(message), code: 'invalid_body' });
  }

  describe('the format field', () => {
    it('is json by default, set on creation, changed by PATCH and shown in listings', async () => {
      const { apiKey } = await t.account();
      const endpoint = await receivers.start();

      const plain = await createWebhook(apiKey, endpoint);
      const slack = await createWebhook(apiKey, endpoint, 'slack');
      const changed = await t.http
        .patch(`/api/v1/webhooks/${slack.data.id}`)
        .set(bearer(apiKey))
        .send({ format: 'discord' })
        .expect(200);

      expect(plain.data.format).toBe('json');
      expect(slack.data.format).toBe('slack');
      expect(changed.body).toEqual({ data: { ...slack.data, format: 'discord' } });
      const listed = await t.http.get('/api/v1/webhooks').set(bearer(apiKey)).expect(200);
      expect((listed.body as { data: WebhookResponse[] }).data.map((w) => w.format)).toEqual([
        'json',
        'discord',
      ]);
    });

    it('refuses an unknown format with 422 invalid_body naming the allowed ones', async () => {
      const { apiKey } = await t.account();
      const endpoint = await receivers.start();
      const created = await createWebhook(apiKey, endpoint, 'slack');

      const onCreate = await postWebhook(apiKey, { url: endpoint.url, format: 'teams' });
      const onPatch = await t.http
        .patch(`/api/v1/webhooks/${created.data.id}`)
        .set(bearer(apiKey))
        .send({ format: null });

      expectInvalidBody(onCreate, 'format must be one of json, slack, discord');
      expectInvalidBody(onPatch, 'format must be one of json, slack, discord');
      expect(await webhookState(t, apiKey, created.data.id)).toEqual(created.data);
    });

    it('is read and written through GraphQL with the same values', async () => {
      const { apiKey } = await t.account();
      const endpoint = await receivers.start();

      const { createWebhook: created } = await runGraphql<{
        createWebhook: { webhook: { id: string; format: string } };
      }>(
        t,
        apiKey,
        'mutation($url: String!) { createWebhook(input: { url: $url, format: discord }) { webhook { id format } } }',
        { url: endpoint.url },
      );
      const { updateWebhook } = await runGraphql<{ updateWebhook: { format: string } }>(
        t,
        apiKey,
        'mutation($id: ID!) { updateWebhook(id: $id, input: { format: slack }) { format } }',
        { id: created.webhook.id },
      );
      const { webhooks } = await runGraphql<{ webhooks: { nodes: { format: string }[] } }>(
        t,
        apiKey,
        '{ webhooks { nodes { format } } }',
      );

      expect(created.webhook.format).toBe('discord');
      expect(updateWebhook.format).toBe('slack');
      expect(webhooks.nodes).toEqual([{ format: 'slack' }]);
    });
  });

  describe('deliveries', () => {
    it('posts valid, signed Slack and Discord messages for a post and a comment full of markup', async () => {
      const { apiKey, term } = await watcher();
      const slack = await chatReceiver('slack');
      const discord = await chatReceiver('discord');
      const slackHook = await createWebhook(apiKey, slack, 'slack');
      const discordHook = await createWebhook(apiKey, discord, 'discord');
      const post = {
        id: 'p1f0rm',
        subreddit: 'widgets',
        author: 'mark_up',
        title: `${MARKUP_TITLE} ${term} مرحبا 🎉`,
        permalink: '/r/widgets/comments/p1f0rm/markup/',
      };

      await ingest(t, [
        postItem(post),
        commentItem(post, { body: `${term}: ${LONG_COMMENT}`, author: 'mark_up' }),
      ]);
      expect(await runDeliveries(t)).toMatchObject({ succeeded: 4, failed: 0 });

      expect(slack.problems()).toEqual([]);
      expect(discord.problems()).toEqual([]);
      for (const [receiver, hook] of [
        [slack, slackHook],
        [discord, discordHook],
      ] as const) {
        expect(receiver.requests.map((r) => r.headers['x-webhook-event']).sort()).toEqual([
          'comment',
          'post',
        ]);
        for (const request of receiver.requests) {
          await expect(hasValidSignature(request, hook.secret)).resolves.toBe(true);
          expect(request.headers['webhook-signature']).toMatch(/^v1,/);
        }
      }
      const slackTexts = slack.requests.map((r) => JSON.stringify(bodyOf(r)));
      for (const text of slackTexts) {
        expect(text).toContain('https://www.reddit.com/r/widgets/comments/p1f0rm/');
        expect(text).toContain(term);
        expect(text).toContain('r/widgets');
        expect(text).toContain('u/mark_up');
        expect(text).not.toContain('<!channel>');
      }
      const discordBodies = discord.requests.map(bodyOf) as {
        content: string;
        embeds: { title: string; url: string; description?: string }[];
        allowed_mentions: unknown;
      }[];
      for (const body of discordBodies) {
        expect(body.allowed_mentions).toEqual({ parse: [] });
        expect(body.content).toContain(term);
        expect(body.embeds[0]!.title).toContain('@\u200beveryone');
        expect(body.embeds[0]!.url).toMatch(
          /^https:\/\/www\.reddit\.com\/r\/widgets\/comments\/p1f0rm\//,
        );
      }
      const excerpts = discordBodies.map((body) => body.embeds[0]!.description).filter(Boolean);
      expect(excerpts).toHaveLength(1);
      expect(excerpts[0]!.length).toBeLessThanOrEqual(500);
      expect(excerpts[0]).toMatch(/…$/);
    });

    it('leaves the JSON body as the spec has it, whether json is chosen or left as default', async () => {
      const { apiKey, term } = await watcher();
      const [chosen, defaulted] = [await receivers.start(), await receivers.start()];
      const chosenHook = await createWebhook(apiKey, chosen, 'json');
      const defaultHook = await createWebhook(apiKey, defaulted);
      const post = { id: 'j50n01', subreddit: 'widgets', title: `A ${term} <b>&</b> @everyone` };

      await ingest(t, [postItem(post), commentItem(post, { body: `My ${term} works` })]);
      await runDeliveries(t);

      const byEvent = (receiver: WebhookReceiver, event: string) =>
        receiver.requests.find((r) => r.headers['x-webhook-event'] === event)!;
      for (const [event, fields] of [
        ['post', WEBHOOK_POST_FIELDS],
        ['comment', WEBHOOK_COMMENT_FIELDS],
      ] as const) {
        const [mine, usual] = [byEvent(chosen, event), byEvent(defaulted, event)];
        expect(mine.headers['content-type']).toBe('application/json');
        expect(Object.keys(bodyOf(mine))).toEqual(fields);
        expect(bodyOf(mine).title).toBe(`A ${term} <b>&</b> @everyone`);
        expect(mine.body.toString('utf8')).toBe(
          usual.body.toString('utf8').replace(defaultHook.data.id, chosenHook.data.id),
        );
      }
    });

    it('records a 429 with its Retry-After, and a redelivery resends the same bytes', async () => {
      const { apiKey, term } = await watcher();
      let limited = true;
      const discord = await chatReceiver('discord', (_request, response) => {
        if (limited) {
          response
            .writeHead(429, { 'Retry-After': '7', 'Content-Type': 'application/json' })
            .end('{"message":"You are being rate limited.","retry_after":6.5,"global":false}');
        } else response.writeHead(204).end();
      });
      const hook = await createWebhook(apiKey, discord, 'discord');

      await ingest(t, [postItem({ title: `Is the ${term} any good?` })]);
      expect(await runDeliveries(t)).toMatchObject({ succeeded: 0, failed: 1 });

      expect(await webhookState(t, apiKey, hook.data.id)).toMatchObject({
        last_error: 'HTTP 429 Too Many Requests (Retry-After: 7)',
        consecutive_failures: 1,
      });
      const log = await t.http
        .get(`/api/v1/webhooks/${hook.data.id}/deliveries`)
        .set(bearer(apiKey))
        .expect(200);
      const [delivery] = (log.body as { data: { id: string; status: string; error: string }[] })
        .data;
      expect(delivery).toMatchObject({
        status: 'failed',
        error: 'HTTP 429 Too Many Requests (Retry-After: 7)',
      });

      limited = false;
      await t.http
        .post(`/api/v1/webhooks/${hook.data.id}/deliveries/${delivery!.id}/redeliver`)
        .set(bearer(apiKey))
        .expect(202);
      expect(await runDeliveries(t)).toMatchObject({ succeeded: 1 });

      const [first, again] = discord.requests;
      expect(again!.body.equals(first!.body)).toBe(true);
      expect(again!.headers['x-webhook-delivery']).toBe(first!.headers['x-webhook-delivery']);
      expect(discord.problems()).toEqual([]);
      expect(await webhookState(t, apiKey, hook.data.id)).toMatchObject({
        consecutive_failures: 0,
        total_deliveries: 1,
      });
    });
  });

  it.each(['slack', 'discord'] as const)(
    'sends the test sample as a %s message, signed, and records it',
    async (platform) => {
      const { apiKey } = await t.account();
      const receiver = await chatReceiver(platform);
      const hook = await createWebhook(apiKey, receiver, platform);

      const res = await t.http
        .post(`/api/v1/webhooks/${hook.data.id}/test`)
        .set(bearer(apiKey))
        .expect(200);

      expect(res.body).toEqual({ ok: true, status: platform === 'slack' ? 200 : 204, error: null });
      expect(receiver.problems()).toEqual([]);
      const [request] = receiver.requests;
      expect(request!.headers['x-webhook-event']).toBe('test');
      await expect(hasValidSignature(request!, hook.secret)).resolves.toBe(true);
      expect(request!.body.toString('utf8')).toContain('Test message matching');
      expect(await webhookState(t, apiKey, hook.data.id)).toMatchObject({ total_deliveries: 1 });
    },
  );
});
