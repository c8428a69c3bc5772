import type { RouteDoc } from '../../../common/api-docs/api-route.decorator.js';
import { ref, wrapped } from '../../../common/api-docs/schema-helpers.js';
import { FeedSettingsDto, FeedTokenIssuedDto } from '../dto/feed-settings.dto.js';
import { FEED_CONTENT_TYPES } from '../feed-format.js';

const feed = (format: string, contentType: string): RouteDoc => ({
  summary: `The alerts as ${format}`,
  description:
    'The token in the path is the only credential (no API key). 60 requests per minute per feed. Answers 304 to a matching If-None-Match.',
  public: true,
  query: [{ name: 'keyword_id', description: 'Only this keyword.', schema: { type: 'string' } }],
  responses: {
    200: {
      description: `The ${format} document, newest alerts first.`,
      contentType,
      schema: { type: 'string' },
    },
    304: { description: 'Not modified since the ETag sent in If-None-Match.' },
  },
  errors: ['not_found', 'subscription_required', 'invalid_body', 'rate_limited'],
});

export const FEED_TOKENS_DOCS = {
  show: {
    summary: 'Feed settings',
    description:
      'Whether a feed token exists; the URLs hold the token, so only issuing shows them.',
    responses: { 200: { description: 'The settings.', schema: wrapped(ref(FeedSettingsDto)) } },
  },
  issue: {
    summary: 'Create or rotate the feed token',
    description:
      'Returns the token and the RSS and Atom URLs once; the previous URLs stop working at once.',
    responses: {
      201: { description: 'The new token and its URLs.', schema: ref(FeedTokenIssuedDto) },
    },
  },
  revoke: {
    summary: 'Turn feeds off',
    responses: {
      200: {
        description: 'Revoked.',
        schema: {
          type: 'object',
          properties: { deleted: { type: 'boolean', enum: [true] } },
          required: ['deleted'],
          additionalProperties: false,
        },
      },
    },
    errors: ['not_found'],
  },
} satisfies Record<string, RouteDoc>;

export const PUBLIC_FEEDS_DOCS = {
  rss: feed('RSS 2.0', FEED_CONTENT_TYPES.rss.split(';')[0]),
  atom: feed('Atom 1.0', FEED_CONTENT_TYPES.atom.split(';')[0]),
} satisfies Record<string, RouteDoc>;
