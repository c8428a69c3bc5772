import { ArrayMaxSize, IsArray, IsIn, IsString, MaxLength } from 'class-validator';
import { IsOmittable } from '../../../common/validation/is-omittable.js';
import { propertyRules } from '../../../common/validation/property-rules.js';
import { MAX_EMAIL_LENGTH } from '../../users/email-address.js';
import { EMAIL_FREQUENCIES, type EmailFrequency } from './email-subscription.entity.js';

export const MAX_SUBSCRIPTION_KEYWORDS = 100;

/** A subscription to create; EmailSubscriptionsService.create checks the address and the ids. */
export interface EmailSubscriptionDraft {
  email: string;
  frequency: EmailFrequency;
  /** Left out or empty: every keyword of the account. */
  keyword_ids?: string[];
}

/* The rule of each field, for REST's DTO and GraphQL's input alike. */
export const IsSubscriptionEmail = () => propertyRules(IsString(), MaxLength(MAX_EMAIL_LENGTH));
export const IsSubscriptionFrequency = () =>
  IsIn(EMAIL_FREQUENCIES, { message: `frequency must be one of ${EMAIL_FREQUENCIES.join(', ')}` });
export const IsSubscriptionKeywordIds = () =>
  propertyRules(
    IsOmittable(),
    IsArray(),
    ArrayMaxSize(MAX_SUBSCRIPTION_KEYWORDS),
    IsString({ each: true }),
  );
