import type { Type } from '@nestjs/common';
import { getSchemaPath, type SchemaObject } from '@nestjs/swagger';
import { ErrorBody } from '../../common/errors/error-body.js';
import { DeletedDto } from '../../common/http/deleted.dto.js';
import { CREATE_KEYWORDS_SCHEMA } from '../keywords/dto/create-keywords.schema.js';
import { KeywordCreationDto } from '../keywords/dto/keyword-creation.dto.js';
import { KeywordItemDto } from '../keywords/dto/keyword-item.dto.js';
import { KeywordListDto } from '../keywords/dto/keyword-list.dto.js';
import { KeywordResponseDto } from '../keywords/dto/keyword.dto.js';
import { UpdateKeywordDto } from '../keywords/dto/update-keyword.dto.js';
import {
  DeliveryAttemptDto,
  DeliveryAttemptListDto,
  DeliveryDto,
  DeliveryPageDto,
  RedeliveryDto,
  RedeliveryRequestDto,
} from '../webhooks/dto/delivery.dto.js';
import {
  WebhookCreatedDto,
  WebhookListDto,
  WebhookResponseDto,
  WebhookSecretDto,
} from '../webhooks/dto/webhook-response.dto.js';
import { WebhookTestResultDto } from '../webhooks/dto/webhook-test-result.dto.js';
import { CreateWebhookDto, UpdateWebhookDto } from '../webhooks/dto/webhook.dto.js';
import { AlertPageDto, AlertResponseDto } from '../alerts/dto/alert.dto.js';
import {
  WebhookAlertCommentDto,
  WebhookAlertPostDto,
  WebhookTestDto,
} from '../alerts/dto/webhook-alert.dto.js';
import { FeedSettingsDto, FeedTokenIssuedDto } from '../feeds/dto/feed-settings.dto.js';
import { UsageResponseDto } from '../usage/dto/usage.dto.js';
import { InboxItemDto, InboxPageDto } from '../inbox/items/dto/inbox-item.dto.js';
import { UpdateInboxItemDto } from '../inbox/items/dto/update-inbox-item.dto.js';
import { NewSearchDto, UpdateSearchDto } from '../inbox/searches/dto/new-search.dto.js';
import { SearchDto, SearchListDto } from '../inbox/searches/dto/search.dto.js';
import {
  CreateEmailSubscriptionDto,
  EmailSubscriptionDto,
  EmailSubscriptionListDto,
} from '../email/dto/email-subscription.dto.js';
import {
  KeywordPreviewDto,
  KeywordPreviewRequestDto,
  PreviewHighlightDto,
  PreviewHourDto,
  PreviewSampleDto,
  PreviewSubredditDto,
} from '../preview/http/preview.dto.js';
import { describeDefaults } from './described-defaults.js';

/** A schema no class can generate (a union of shapes), under its name. */
export interface NamedSchema {
  name: string;
  schema: SchemaObject;
}

/**
 * Every named schema of the document, in the order the document lists them: the DTO classes that
 * answer or are sent, and the few shapes a class cannot describe.
 */
export const DOCUMENTED_SCHEMAS: (Type<unknown> | NamedSchema)[] = [
  ErrorBody,
  KeywordResponseDto,
  KeywordItemDto,
  CREATE_KEYWORDS_SCHEMA,
  KeywordCreationDto,
  UpdateKeywordDto,
  KeywordListDto,
  KeywordPreviewRequestDto,
  KeywordPreviewDto,
  PreviewHourDto,
  PreviewSubredditDto,
  PreviewSampleDto,
  PreviewHighlightDto,
  DeletedDto,
  WebhookResponseDto,
  CreateWebhookDto,
  UpdateWebhookDto,
  WebhookCreatedDto,
  WebhookListDto,
  WebhookSecretDto,
  DeliveryDto,
  DeliveryPageDto,
  DeliveryAttemptDto,
  DeliveryAttemptListDto,
  RedeliveryRequestDto,
  RedeliveryDto,
  WebhookTestResultDto,
  AlertResponseDto,
  AlertPageDto,
  UsageResponseDto,
  InboxItemDto,
  InboxPageDto,
  UpdateInboxItemDto,
  SearchDto,
  SearchListDto,
  NewSearchDto,
  UpdateSearchDto,
  FeedSettingsDto,
  FeedTokenIssuedDto,
  WebhookAlertPostDto,
  WebhookAlertCommentDto,
  WebhookTestDto,
  EmailSubscriptionDto,
  CreateEmailSubscriptionDto,
  EmailSubscriptionListDto,
];

const isNamedSchema = (entry: Type<unknown> | NamedSchema): entry is NamedSchema =>
  typeof entry !== 'function';

export const DOCUMENTED_CLASSES = DOCUMENTED_SCHEMAS.filter(
  (entry): entry is Type<unknown> => !isNamedSchema(entry),
);

/**
 * Every object the API declares is closed: an answer carries exactly these fields, and a request
 * with another field is refused. The keywords are put in one order (type, properties, required,
 * additionalProperties, then the rest) so the published document reads the same for every shape.
 */
function closed(schema: SchemaObject): SchemaObject {
  if (schema.type !== 'object' || schema.properties === undefined) return schema;
  const { type, properties, required = [], ...rest } = schema;
  return { type, properties, required, additionalProperties: false, ...rest };
}

const nameOf = (entry: Type<unknown> | NamedSchema): string =>
  isNamedSchema(entry) ? entry.name : getSchemaPath(entry).replace('#/components/schemas/', '');

/**
 * The document's components.schemas: the generated schemas closed, in DOCUMENTED_SCHEMAS' order,
 * with the named schemas in their places. A generated schema missing from the list comes last, so
 * that the document never loses one silently. Every schema's optional fields say their default in
 * their description (describeDefaults).
 */
export function componentSchemas(
  generated: Record<string, SchemaObject>,
): Record<string, SchemaObject> {
  const schemas: Record<string, SchemaObject> = {};
  for (const entry of DOCUMENTED_SCHEMAS) {
    const name = nameOf(entry);
    schemas[name] = isNamedSchema(entry) ? entry.schema : closed(generated[name]);
  }
  for (const [name, schema] of Object.entries(generated)) schemas[name] ??= closed(schema);
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [name, describeDefaults(schema)]),
  );
}
