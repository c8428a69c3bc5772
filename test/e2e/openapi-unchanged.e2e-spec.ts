import { readFileSync } from 'node:fs';
import { createTestApp, type TestApp } from '../utils/create-test-app.js';
import { jsonDifferences } from '../utils/json-differences.js';

/**
 * The document as it was served before its schemas were generated from the DTO classes (issue
 * #25), kept as it was then. Integrators' generated clients depend on it: every difference from
 * it is listed below with the reason it was meant.
 */
const DOCUMENT_BEFORE = new URL(
  '../fixtures/openapi/document-before-issue-25.json',
  import.meta.url,
);

/** Each difference (see jsonDifferences) the refactor meant, with why. */
const MEANT_DIFFERENCES: Record<string, string> = {
  '~ /paths/~1api~1v1~1keywords/post/description':
    'Issue #33: a restored keyword takes the query of the request, and a bad query is rejected with the message of the query parser.',
  '+ /paths/~1api~1v1~1keywords/post/requestBody/content/application~1json/examples/query':
    'Issue #33: an item with a query.',
  '~ /paths/~1api~1v1~1keywords~1{id}/patch/description':
    'Issue #33: PATCH changes the query too; null clears it.',
  '+ /paths/~1api~1v1~1keywords~1{id}/patch/requestBody/content/application~1json/examples/query':
    'Issue #33: a change that clears the query.',
  '~ /paths/~1api~1v1~1searches~1{id}/patch/requestBody/content/application~1json/schema/$ref':
    'Issue #32: PATCH /searches/:id takes UpdateSearch, every field optional; NewSearch, which it named, requires name and keywords, so a generated client could not send a change of one field.',
  '- /paths/~1api~1v1~1searches~1{id}/patch/requestBody/content/application~1json/schema/description':
    'Issue #32: "Every field optional." is said by UpdateSearch itself, which generators read (they ignore a description beside a $ref).',
  '+ /paths/~1api~1v1~1keywords~1preview': 'Issue #34: POST /keywords/preview.',
  '+ /paths/~1api~1v1~1webhooks~1{id}~1deliveries~1{deliveryId}~1attempts':
    "Issue #32: a delivery's attempts, each with its number (decisions section 16).",
  '+ /paths/~1api~1v1~1email-subscriptions':
    'Issue #27: email subscriptions, listed and created (decisions section 11).',
  '+ /paths/~1api~1v1~1email-subscriptions~1{id}':
    'Issue #27: an email subscription deleted (decisions section 11).',
  '+ /components/schemas/Keyword/properties/query':
    'Issue #33: a keyword shows its search query after the filter lists, null without one (decisions section 13).',
  '~ /components/schemas/Keyword/required':
    'Issue #33: every keyword answered has a query (null when none), so query is required in the Keyword shape.',
  '+ /components/schemas/KeywordItem/properties/query':
    'Issue #33: POST /keywords items accept a query; its default (null) is said in its description.',
  '+ /components/schemas/KeywordItem/properties/backfill_hours':
    'Issue #34: a new keyword may alert on the recent window of the hours it asks.',
  '+ /components/schemas/UpdateKeyword/properties/query':
    'Issue #33: PATCH /keywords/:id sets, replaces or (null) clears the query.',
  '+ /components/schemas/Webhook/properties/format':
    'Issue #27: a webhook shows its format (json, slack, discord).',
  '+ /components/schemas/Webhook/properties/retry_policy':
    'Issue #32: a webhook shows its retry policy, after format (decisions section 16).',
  '~ /components/schemas/Webhook/required':
    'Issue #27: every webhook answered has a format, so format is required in the Webhook shape.',
  '+ /components/schemas/CreateWebhook/properties/format':
    'Issue #27: POST /webhooks accepts a format. Its default (json) is said in its description, as the default of every optional field is (issue #32): a JSON Schema default made generated clients require it.',
  '+ /components/schemas/CreateWebhook/properties/retry_policy':
    'Issue #32: POST /webhooks accepts a retry policy; its default (none) is said in its description.',
  '+ /components/schemas/UpdateWebhook/properties/format':
    'Issue #27: PATCH /webhooks/:id changes the format.',
  '+ /components/schemas/UpdateWebhook/properties/retry_policy':
    'Issue #32: PATCH /webhooks/:id changes the retry policy.',
  '~ /components/schemas/Delivery/properties/attempts/description':
    'Issue #32: attempts counts retries too; the text says so.',
  '+ /components/schemas/Delivery/properties/next_attempt_at':
    'Issue #32: when the waiting retry of a delivery is due, added after created_at.',
  '~ /components/schemas/Delivery/required':
    'Issue #32: next_attempt_at is in every delivery answered (null when no retry waits).',
  '+ /components/schemas/Usage/properties/today/items/properties/query':
    "Issue #33: GET /usage shows each keyword's query, last in its entry.",
  '~ /components/schemas/Usage/properties/today/items/required':
    'Issue #33: every entry of today[] has a query (null when none).',
  '+ /components/schemas/KeywordPreviewRequest': 'Issue #34: the body of POST /keywords/preview.',
  '+ /components/schemas/KeywordPreview': 'Issue #34: the answer of POST /keywords/preview.',
  '+ /components/schemas/PreviewHour': 'Issue #34: one hour of per_hour.',
  '+ /components/schemas/PreviewSubreddit': 'Issue #34: one of the top subreddits.',
  '+ /components/schemas/PreviewSample': 'Issue #34: a sample, shaped as an alert.',
  '+ /components/schemas/PreviewHighlight': "Issue #34: a span of a sample's field.",
  '+ /components/schemas/DeliveryAttempt': 'Issue #32: one attempt of a delivery.',
  '+ /components/schemas/DeliveryAttemptList':
    'Issue #32: the answer of GET /webhooks/:id/deliveries/:delivery_id/attempts.',
  '+ /components/schemas/UpdateSearch': 'Issue #32: the body of PATCH /searches/:id.',
  '+ /components/schemas/EmailSubscription': 'Issue #27: the Subscription those routes answer.',
  '+ /components/schemas/CreateEmailSubscription':
    'Issue #27: the body of POST /email-subscriptions.',
  '+ /components/schemas/EmailSubscriptionList':
    'Issue #27: the answer of GET /email-subscriptions.',
};

/**
 * Differences meant on many routes at once, each pattern with why; every pattern must match at
 * least one difference, and the differences it matches are not listed above.
 */
const MEANT_ON_ROUTES: Array<[RegExp, string]> = [
  [
    /^~ \/info\/description$/,
    'Issue #36: the description says what read keys may do and how an expired key is answered.',
  ],
  [
    /^~ \/paths\/[^/]+\/[a-z]+\/responses\/401\/(description|content\/application~1json\/examples\/unauthorized\/value\/error)$/,
    'Issue #36: every authenticated route answers 401 for an expired key too, saying it expired (decisions section 15).',
  ],
  [
    /^(~ \/paths\/[^/]+\/(post|patch|delete)\/responses\/403\/description|\+ \/paths\/[^/]+\/(post|patch|delete)\/responses\/403\/content\/application~1json\/examples\/forbidden)$/,
    'Issue #36: every authenticated route but a GET answers 403 forbidden to a read-only key (decisions section 15).',
  ],
];

describe('the OpenAPI document, next to the one served before #25', () => {
  let t: TestApp;
  afterAll(() => t.close());

  it('differs only where a difference was meant', async () => {
    t = await createTestApp('sqlite');
    const before: unknown = JSON.parse(readFileSync(DOCUMENT_BEFORE, 'utf8'));
    const after: unknown = (await t.http.get('/api/v1/openapi.json').expect(200)).body;
    const differences = jsonDifferences(before, after);
    const onRoutes = (difference: string) =>
      MEANT_ON_ROUTES.some(([pattern]) => pattern.test(difference));
    expect(differences.filter((difference) => !onRoutes(difference))).toEqual(
      Object.keys(MEANT_DIFFERENCES),
    );
    for (const [pattern] of MEANT_ON_ROUTES) {
      expect(differences.filter((difference) => pattern.test(difference))).not.toEqual([]);
    }
  });
});
