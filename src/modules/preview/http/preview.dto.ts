import { ApiExtraModels, ApiSchema } from '@nestjs/swagger';
import {
  ApiCount,
  ApiField,
  ApiFields,
  ApiFlag,
  ApiOptionalField,
  ApiTimestamp,
} from '../../../common/api-docs/api-fields.js';
import { ref } from '../../../common/api-docs/schema-helpers.js';
import { ALERT_FIELDS, AlertFieldsDto, COMMENT_BODY } from '../../alerts/dto/alert-fields.js';
import { KeywordItemDto } from '../../keywords/dto/keyword-item.dto.js';
import type { Highlight } from '../../matching/highlights/match-highlights.js';
import { TOP_SUBREDDITS } from '../preview-tally.js';
import { SAMPLES_SHOWN } from '../keyword-preview.service.js';

@ApiSchema({
  name: 'KeywordPreviewRequest',
  description:
    'One keyword item as POST /keywords takes it (backfill_hours is accepted and ignored), plus hours.',
})
export class KeywordPreviewRequestDto extends KeywordItemDto {
  @ApiOptionalField({
    type: 'integer',
    minimum: 1,
    description:
      'The last N hours of the recent window to search, 1 to RECENT_ITEMS_HOURS. Default: all of it.',
  })
  hours?: number;
}

@ApiSchema({ name: 'PreviewHighlight', description: 'A span that made the sample match.' })
export class PreviewHighlightDto implements Highlight {
  @ApiField({ type: 'string', enum: ['title', 'selftext', 'comment'] })
  field: Highlight['field'];

  @ApiField({ type: 'integer', minimum: 0, description: 'UTF-16 offset of its first character.' })
  start: number;

  @ApiField({ type: 'integer', minimum: 0, description: 'UTF-16 offset just past its end.' })
  end: number;
}

@ApiSchema({
  name: 'PreviewSample',
  description:
    'A match shaped as an alert (no alert was stored: inbox_id and keyword_id are null; timestamp is when the item came in), with its highlights.',
})
@ApiExtraModels(PreviewHighlightDto)
@ApiFields(
  {
    event: { type: 'string', enum: ['post', 'comment'] },
    timestamp: { type: 'string', format: 'date-time' },
    ...ALERT_FIELDS,
    inbox_id: { type: 'string', nullable: true, description: 'Always null: nothing was stored.' },
    keyword_id: { type: 'string', nullable: true, description: 'Always null.' },
    comment: COMMENT_BODY,
    highlights: { type: 'array', items: ref(PreviewHighlightDto) },
  },
  ['comment'],
)
export class PreviewSampleDto extends AlertFieldsDto {}

@ApiSchema({ name: 'PreviewHour' })
export class PreviewHourDto {
  @ApiTimestamp('The hour, from its start.')
  hour: string;

  @ApiCount('Matches in that hour.')
  matches: number;
}

@ApiSchema({ name: 'PreviewSubreddit' })
export class PreviewSubredditDto {
  @ApiField({ type: 'string' })
  subreddit: string;

  @ApiCount('Matches there.')
  matches: number;
}

@ApiSchema({ name: 'KeywordPreview' })
@ApiExtraModels(PreviewHourDto, PreviewSubredditDto, PreviewSampleDto)
export class KeywordPreviewDto {
  @ApiTimestamp('Start of the searched part of the window.')
  from: string;

  @ApiTimestamp('Its end: now.')
  to: string;

  @ApiCount('Posts and comments the window holds in that time.')
  items_searched: number;

  @ApiCount('How many of them the keyword matches (extrapolated when estimated).')
  matches: number;

  @ApiFlag(
    'True when the counts were extrapolated from a sample of the candidates (more than 5,000).',
  )
  estimated: boolean;

  @ApiField({ type: 'array', items: ref(PreviewHourDto), description: 'Every hour, oldest first.' })
  per_hour: PreviewHourDto[];

  @ApiField({
    type: 'array',
    items: ref(PreviewSubredditDto),
    maxItems: TOP_SUBREDDITS,
    description: 'The subreddits with most matches, most first.',
  })
  subreddits: PreviewSubredditDto[];

  @ApiField({
    type: 'array',
    items: ref(PreviewSampleDto),
    maxItems: SAMPLES_SHOWN,
    description: 'Newest first.',
  })
  samples: PreviewSampleDto[];

  @ApiCount("The plan's alerts per keyword per day.")
  daily_cap: number;

  @ApiCount('UTC days of the searched time on which the matches pass daily_cap.')
  days_over_cap: number;
}
