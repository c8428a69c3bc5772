/** What the relevance of one (search keyword, Reddit item) pair is computed from. */
export interface RelevanceSignals {
  /** The keyword matched the post title itself (not only the post text or a comment body). */
  inTitle: boolean;
  /** Share (0 to 1) of the keyword's words that the post title contains. */
  titleCoverage: number;
  /** The post's score; for a comment item, its parent post's. */
  upvotes: number;
  /** The post's comment count; for a comment item, its parent post's. */
  comments: number;
  /** Share (0 to 1) of the search description's words that the item contains. */
  descriptionOverlap: number;
}

export const TITLE_MATCH_POINTS = 50;
export const BODY_MATCH_POINTS = 25;
/** A body match earns up to this much more as the title holds more of the keyword's words. */
export const TITLE_WORDS_POINTS = 15;
export const UPVOTE_POINTS = 18;
export const COMMENT_POINTS = 12;
export const DESCRIPTION_POINTS = 20;
/** Engagement is log-scaled and saturates at 999 upvotes (log10 1000 = 3) and 99 comments (2). */
const UPVOTES_FULL_LOG10 = 3;
const COMMENTS_FULL_LOG10 = 2;

const share = (value: number): number =>
  Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;

const logShare = (count: number, fullLog10: number): number =>
  share(Math.log10(1 + Math.max(0, count)) / fullLog10);

/**
 * relevance_score, an integer from 0 to 100 (README "App inbox" documents the formula):
 * where the keyword matched (up to 50), engagement (up to 30), overlap with the description (up to 20).
 */
export function relevanceScore(signals: RelevanceSignals): number {
  const placement = signals.inTitle
    ? TITLE_MATCH_POINTS
    : BODY_MATCH_POINTS + TITLE_WORDS_POINTS * share(signals.titleCoverage);
  const engagement =
    UPVOTE_POINTS * logShare(signals.upvotes, UPVOTES_FULL_LOG10) +
    COMMENT_POINTS * logShare(signals.comments, COMMENTS_FULL_LOG10);
  const context = DESCRIPTION_POINTS * share(signals.descriptionOverlap);
  return Math.min(100, Math.max(0, Math.round(placement + engagement + context)));
}
