import type { ParentPostFields } from './reddit-item.js';

/** Where parent posts come from when the cache does not have them (Reddit's /api/info). */
export interface ParentPostSource {
  fetch(postIds: string[]): Promise<Map<string, ParentPostFields>>;
}

export const PARENT_POST_SOURCE = Symbol('PARENT_POST_SOURCE');
