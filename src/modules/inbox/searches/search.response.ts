import { isoWithMillis } from '../../../common/time/timestamps.js';
import type { KeywordMode } from '../../matching/keyword-definition.js';
import type { SearchView } from './search.store.js';

export interface SearchResponse {
  id: string;
  name: string;
  description: string | null;
  active: boolean;
  keywords: { text: string; mode: KeywordMode }[];
  created_at: string;
  updated_at: string;
}

export function toSearchResponse({ search, keywords }: SearchView): SearchResponse {
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
