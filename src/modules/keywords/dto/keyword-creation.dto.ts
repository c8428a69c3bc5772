import { ApiExtraModels, ApiSchema } from '@nestjs/swagger';
import { ApiField } from '../../../common/api-docs/api-fields.js';
import { exactObject, ref } from '../../../common/api-docs/schema-helpers.js';
import type { KeywordRejection } from '../keywords.service.js';
import { KeywordResponseDto } from './keyword.dto.js';

/** POST /keywords: what became of each item. */
@ApiSchema({ name: 'KeywordCreation' })
@ApiExtraModels(KeywordResponseDto)
export class KeywordCreationDto {
  @ApiField({
    type: 'array',
    items: ref(KeywordResponseDto),
    description: 'Added (or restored) by this call.',
  })
  created: KeywordResponseDto[];

  @ApiField({
    type: 'array',
    items: ref(KeywordResponseDto),
    description: 'Already live, unchanged.',
  })
  existing: KeywordResponseDto[];

  @ApiField({
    type: 'array',
    items: exactObject({
      text: { type: 'string' },
      reason: { type: 'string', enum: ['invalid', 'duplicate', 'limit_reached'] },
      message: { type: 'string', description: 'Names the field or rule at fault.' },
    }),
  })
  rejected: KeywordRejection[];
}
