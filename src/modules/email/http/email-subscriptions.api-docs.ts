import type { RouteDoc } from '../../../common/api-docs/api-route.decorator.js';
import { ref, wrapped } from '../../../common/api-docs/schema-helpers.js';
import { DeletedDto } from '../../../common/http/deleted.dto.js';
import {
  CreateEmailSubscriptionDto,
  EmailSubscriptionDto,
  EmailSubscriptionListDto,
} from '../dto/email-subscription.dto.js';

export const EMAIL_SUBSCRIPTIONS_DOCS = {
  list: {
    summary: 'List email subscriptions',
    description: "Oldest first, with each one's status and last failure.",
    responses: {
      200: { description: 'The subscriptions.', schema: ref(EmailSubscriptionListDto) },
    },
  },
  create: {
    summary: 'Subscribe an address to alerts by email',
    description:
      'Sends a confirmation mail to the address; nothing else is mailed until its link is followed (double opt-in). Every mail carries List-Unsubscribe and List-Unsubscribe-Post (RFC 8058): one click ends the subscription. At most 10 pending or active subscriptions per account and 60 mails per account and hour; past that, 429 rate_limited with Retry-After. 422 invalid_body when the server has no SMTP_URL (email is not configured).',
    body: { schema: ref(CreateEmailSubscriptionDto) },
    responses: {
      201: {
        description: 'Created, pending confirmation.',
        schema: wrapped(ref(EmailSubscriptionDto)),
      },
    },
    errors: ['invalid_body'],
  },
  remove: {
    summary: 'Delete an email subscription',
    description: 'Nothing more is mailed to it, including mails already queued.',
    responses: { 200: { description: 'Deleted.', schema: ref(DeletedDto) } },
    errors: ['not_found'],
  },
} satisfies Record<string, RouteDoc>;
