import { InboxItemEntity } from './items/inbox-item.entity.js';
import { SearchKeywordEntity } from './searches/search-keyword.entity.js';
import { SearchEntity } from './searches/search.entity.js';

/** The inbox's tables, for database/entities.ts. */
export const INBOX_ENTITIES = [SearchEntity, SearchKeywordEntity, InboxItemEntity];
