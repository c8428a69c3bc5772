import { ApiExtraModels, ApiProperty, ApiSchema } from '@nestjs/swagger';
import {
  ApiCount,
  ApiField,
  ApiNullable,
  ApiText,
  ApiTimestamp,
} from '../../../../common/api-docs/api-fields.js';
import { exactObject, ref } from '../../../../common/api-docs/schema-helpers.js';
import { isoWithMillis } from '../../../../common/time/timestamps.js';
import { KEYWORD_MODE } from '../../../keywords/dto/keyword-fields.js';
import type { KeywordMode } from '../../../matching/keyword-definition.js';
import type { SearchView } from '../search.store.js';

@ApiSchema({ name: 'Search' })
export class SearchDto {
  @ApiText()
  id: string;

  @ApiText()
  name: string;

  @ApiNullable('string')
  description: string | null;

  @ApiProperty({ type: 'boolean' })
  active: boolean;

  @ApiField({
    type: 'array',
    items: exactObject({ text: { type: 'string' }, mode: KEYWORD_MODE }),
  })
  keywords: { text: string; mode: KeywordMode }[];

  @ApiTimestamp()
  created_at: string;

  @ApiTimestamp()
  updated_at: string;
}

@ApiSchema({ name: 'SearchList' })
@ApiExtraModels(SearchDto)
export class SearchListDto {
  @ApiField({ type: 'array', items: ref(SearchDto) })
  data: SearchDto[];

  @ApiCount('Searches returned.')
  count: number;
}

export function toSearchResponse({ search, keywords }: SearchView): SearchDto {
  return {
    id: search.id,
    name: search.name,
    description: search.description,
    active: search.active,
    keywords: keywords.map(({ text, mode }) => ({ text, mode })),
    created_at: isoWithMillis(search.createdAt),
    updated_at: isoWithMillis(search.updatedAt),
  };
}
