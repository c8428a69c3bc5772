import { ApiExtraModels, ApiSchema } from '@nestjs/swagger';
import { ApiCount, ApiField } from '../../../common/api-docs/api-fields.js';
import { ref } from '../../../common/api-docs/schema-helpers.js';
import { KeywordResponseDto } from './keyword.dto.js';

@ApiSchema({ name: 'KeywordList' })
@ApiExtraModels(KeywordResponseDto)
export class KeywordListDto {
  @ApiField({
    type: 'array',
    items: ref(KeywordResponseDto),
    description: 'Oldest first, paused ones included.',
  })
  data: KeywordResponseDto[];

  @ApiCount('Keywords returned.')
  count: number;

  @ApiCount("The plan's limit on active keywords.")
  keyword_limit: number;
}
