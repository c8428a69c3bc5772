import { ApiExtraModels, ApiProperty, ApiSchema, type SchemaObject } from '@nestjs/swagger';
import {
  ApiCount,
  ApiField,
  ApiId,
  ApiNullable,
  ApiOptionalField,
  ApiTimestamp,
} from '../../../common/api-docs/api-fields.js';
import { ref } from '../../../common/api-docs/schema-helpers.js';
import { isoWithMillis } from '../../../common/time/timestamps.js';
import { MAX_EMAIL_LENGTH } from '../../users/email-address.js';
import {
  EMAIL_FREQUENCIES,
  type EmailFrequency,
  type EmailSubscriptionEntity,
  type EmailSubscriptionStatus,
} from '../subscriptions/email-subscription.entity.js';
import {
  IsSubscriptionEmail,
  IsSubscriptionFrequency,
  IsSubscriptionKeywordIds,
  MAX_SUBSCRIPTION_KEYWORDS,
  type EmailSubscriptionDraft,
} from '../subscriptions/email-subscription-rules.js';

const FREQUENCY_SCHEMA: SchemaObject = {
  type: 'string',
  enum: [...EMAIL_FREQUENCIES],
  description:
    'instant: a mail as alerts are stored; hourly: a digest on the hour; daily: a digest at 00:00 UTC. A digest lists the alerts since the previous one, newest first, at most 100, with a count of the rest.',
};

const KEYWORD_IDS_SCHEMA = {
  type: 'array',
  items: { type: 'string' },
  maxItems: MAX_SUBSCRIPTION_KEYWORDS,
  description: 'The keywords whose alerts are mailed; empty: every keyword of the account.',
} as const;

@ApiSchema({ name: 'CreateEmailSubscription' })
export class CreateEmailSubscriptionDto implements EmailSubscriptionDraft {
  @ApiField({
    type: 'string',
    format: 'email',
    maxLength: MAX_EMAIL_LENGTH,
    description:
      'Where the mails go. A confirmation mail is sent there first; nothing else until its link is followed.',
  })
  @IsSubscriptionEmail()
  email: string;

  @ApiField(FREQUENCY_SCHEMA)
  @IsSubscriptionFrequency()
  frequency: EmailFrequency;

  @ApiOptionalField({ ...KEYWORD_IDS_SCHEMA, default: [] })
  @IsSubscriptionKeywordIds()
  keyword_ids?: string[];
}

/** A subscription as REST answers it: its link tokens are never part of it. */
@ApiSchema({ name: 'EmailSubscription' })
export class EmailSubscriptionDto {
  @ApiId('Email subscription id.')
  id: string;

  @ApiProperty({ type: 'string', format: 'email' })
  email: string;

  @ApiField(FREQUENCY_SCHEMA)
  frequency: EmailFrequency;

  @ApiField(KEYWORD_IDS_SCHEMA)
  keyword_ids: string[];

  @ApiField({
    type: 'string',
    enum: ['pending', 'active', 'unsubscribed'],
    description:
      "pending until the address follows the confirmation link (it expires after 48 hours), active after, unsubscribed once a mail's unsubscribe link was used.",
  })
  status: EmailSubscriptionStatus;

  @ApiTimestamp()
  created_at: string;

  @ApiNullable('string', 'When the address confirmed.', { format: 'date-time' })
  confirmed_at: string | null;

  @ApiNullable('string', 'When the last mail (of alerts or a digest) went out.', {
    format: 'date-time',
  })
  last_sent_at: string | null;

  @ApiNullable(
    'string',
    'Why the last mail failed, e.g. the SMTP server\'s answer or "the account\'s 60 mails per hour are spent"; null after the next mail that went out.',
  )
  last_error: string | null;

  @ApiNullable('string', 'When last_error happened.', { format: 'date-time' })
  last_error_at: string | null;
}

const isoOrNull = (ms: number | null) => (ms === null ? null : isoWithMillis(ms));

export function toEmailSubscriptionResponse(
  subscription: EmailSubscriptionEntity,
): EmailSubscriptionDto {
  return {
    id: subscription.id,
    email: subscription.email,
    frequency: subscription.frequency,
    keyword_ids: subscription.keywordIds,
    status: subscription.status,
    created_at: isoWithMillis(subscription.createdAt),
    confirmed_at: isoOrNull(subscription.confirmedAt),
    last_sent_at: isoOrNull(subscription.lastSentAt),
    last_error: subscription.lastError,
    last_error_at: isoOrNull(subscription.lastErrorAt),
  };
}

@ApiSchema({ name: 'EmailSubscriptionList' })
@ApiExtraModels(EmailSubscriptionDto)
export class EmailSubscriptionListDto {
  @ApiField({ type: 'array', items: ref(EmailSubscriptionDto) })
  data: EmailSubscriptionDto[];

  @ApiCount('Subscriptions returned.')
  count: number;
}
