import { IsBoolean, IsIn, IsString, MaxLength } from 'class-validator';
import { IsOmittable } from '../../common/validation/is-omittable.js';
import { propertyRules } from '../../common/validation/property-rules.js';
import { WEBHOOK_FORMATS, type WebhookFormat } from '../delivery/formats/webhook-format.js';
import { RETRY_POLICIES, type RetryPolicy } from '../delivery/retry-policy.js';

export const WEBHOOK_NAME_MAX_LENGTH = 80;

/** A webhook to create; WebhooksService.create applies the URL policy. */
export interface WebhookDraft {
  url: string;
  /** Default: the URL's host name. */
  name?: string;
  /** Default: json. */
  format?: WebhookFormat;
  /** Default: none. */
  retryPolicy?: RetryPolicy;
}

/** The fields to change on a webhook; at least one. */
export interface WebhookChange {
  name?: string;
  active?: boolean;
  format?: WebhookFormat;
  retryPolicy?: RetryPolicy;
}

/** The names of WebhookChange's fields as REST spells them, for the "provide one" message. */
export const WEBHOOK_CHANGE_FIELDS = ['name', 'active', 'format', 'retry_policy'] as const;

/*
 * The rule of each field, for REST's DTOs and GraphQL's inputs alike, so both refuse the same
 * values with the same messages. Omittable fields may be left out but not sent as null.
 */
export const IsWebhookUrl = () => IsString();
export const IsWebhookName = () =>
  propertyRules(IsOmittable(), IsString(), MaxLength(WEBHOOK_NAME_MAX_LENGTH));
export const IsWebhookActive = () => propertyRules(IsOmittable(), IsBoolean());
export const IsWebhookFormat = () =>
  propertyRules(
    IsOmittable(),
    IsIn(WEBHOOK_FORMATS, { message: `format must be one of ${WEBHOOK_FORMATS.join(', ')}` }),
  );
export const IsWebhookRetryPolicy = () =>
  propertyRules(
    IsOmittable(),
    IsIn(RETRY_POLICIES, { message: `retry_policy must be one of ${RETRY_POLICIES.join(', ')}` }),
  );
