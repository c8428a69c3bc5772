import { relevanceScore } from '../scoring/relevance-score.js';
import { descriptionOverlap, stemsOf, wordCoverage } from '../scoring/text-signals.js';
import type { PostSnapshot } from './post-snapshot.js';
import type { IndexedSearchKeyword, KeywordHit } from './search-keyword.js';

/** The keyword that surfaced an item for one search, and the item's score there. */
export interface SearchMatch {
  keyword: IndexedSearchKeyword;
  relevanceScore: number;
}

/**
 * One match per search: its best-scoring keyword (ties go to the keyword listed first in the
 * search). The title is the post's (a comment's parent's); the item's words are what an inbox
 * item shows: title, post text and comment.
 */
export function bestMatchPerSearch(
  hits: readonly KeywordHit[],
  post: PostSnapshot,
  descriptionStemsOf: (searchId: string) => ReadonlySet<string>,
): SearchMatch[] {
  if (hits.length === 0) return [];
  const titleStems = stemsOf(post.postTitle);
  const itemStems = new Set([
    ...titleStems,
    ...stemsOf(post.postContent),
    ...stemsOf(post.commentContent ?? ''),
  ]);
  const best = new Map<string, SearchMatch>();
  for (const { keyword, inTitle } of hits) {
    const score = relevanceScore({
      inTitle,
      titleCoverage: wordCoverage(keyword.stems, titleStems),
      upvotes: post.postScore,
      comments: post.postNumComments,
      descriptionOverlap: descriptionOverlap(
        descriptionStemsOf(keyword.searchId),
        itemStems,
        keyword.stems,
      ),
    });
    const current = best.get(keyword.searchId);
    if (
      current === undefined ||
      score > current.relevanceScore ||
      (score === current.relevanceScore && keyword.position < current.keyword.position)
    ) {
      best.set(keyword.searchId, { keyword, relevanceScore: score });
    }
  }
  return [...best.values()];
}
