import { ApiExtraModels, ApiSchema } from '@nestjs/swagger';
import { ApiField, ApiFields, ApiNullable } from '../../../common/api-docs/api-fields.js';
import { ref } from '../../../common/api-docs/schema-helpers.js';
import { PAGE_SIZE_MAX } from '../../../common/http/page-query.js';
import type { AlertEvent } from '../alert.entity.js';
import { ALERT_FIELDS, AlertFieldsDto, COMMENT_BODY } from './alert-fields.js';

@ApiSchema({
  name: 'Alert',
  description:
    'An alert as GET /alerts returns it; fields in this order. Only comment alerts have comment.',
})
@ApiFields(
  {
    event: { type: 'string', enum: ['post', 'comment'] },
    timestamp: {
      type: 'string',
      format: 'date-time',
      description: 'Match time, fractional seconds: 2026-11-21T10:04:05.123+00:00.',
    },
    ...ALERT_FIELDS,
    comment: COMMENT_BODY,
  },
  ['comment'],
)
export class AlertResponseDto extends AlertFieldsDto {
  event: AlertEvent;
  timestamp: string;
  comment?: string;
}

@ApiSchema({ name: 'AlertPage' })
@ApiExtraModels(AlertResponseDto)
export class AlertPageDto {
  @ApiField({
    type: 'array',
    items: ref(AlertResponseDto),
    maxItems: PAGE_SIZE_MAX,
    description: 'Newest first.',
  })
  data: AlertResponseDto[];

  @ApiNullable('string', 'Pass as after for the next page; null on the last page.')
  next_cursor: string | null;
}
