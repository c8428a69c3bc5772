import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ApiField, ApiFields } from '../../../common/api-docs/api-fields.js';
import { ALERT_FIELDS, AlertFieldsDto, COMMENT_BODY } from './alert-fields.js';

/** The body of a post delivery: an alert with a whole-second timestamp, webhook_id and website. */
@ApiSchema({ name: 'WebhookAlertPost' })
@ApiFields({
  event: { type: 'string', enum: ['post'] },
  timestamp: {
    type: 'string',
    format: 'date-time',
    description: 'Match time, whole seconds: 2026-11-21T10:04:05+00:00.',
  },
  webhook_id: { type: 'string', description: 'Id of the receiving webhook.' },
  // Or null like relevance_score, so that generated clients keep the property.
  website: { type: 'string', nullable: true, description: 'Always null.' },
  ...ALERT_FIELDS,
})
export class WebhookAlertPostDto extends AlertFieldsDto {
  event: string;
  timestamp: string;
  webhook_id: string;
  website: null;
}

/** The body of a comment delivery: the post body's fields, then the comment's. */
@ApiSchema({ name: 'WebhookAlertComment' })
export class WebhookAlertCommentDto extends WebhookAlertPostDto {
  @ApiProperty({ type: 'string', enum: ['comment'] })
  override event: string;

  @ApiField(COMMENT_BODY)
  comment: string;

  @ApiProperty({ type: 'integer', description: 'Upvotes of the comment.' })
  comment_upvotes: number;
}

/** The body of POST /webhooks/{id}/test's delivery. */
@ApiSchema({
  name: 'WebhookTest',
  description:
    'A sample post: keyword "example", keyword_id "test", inbox_id "test", and test: true.',
})
export class WebhookTestDto extends WebhookAlertPostDto {
  @ApiProperty({ type: 'string', enum: ['test'] })
  override event: string;

  @ApiProperty({ type: 'boolean', enum: [true] })
  test: true;
}
