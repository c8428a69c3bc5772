import { chooseAnchor } from './anchor.js';
import { compileKeyword } from './compile-keyword.js';
import { FieldView } from './field-view.js';
import type { KeywordDefinition } from './keyword-definition.js';
import { KeywordIndex, type AnchorBucket, type IndexedKeyword } from './keyword-index.js';
import { foldCase } from './text-normalization.js';
import { TokenCache } from './token-cache.js';
import { tokenize } from './tokenizer.js';

/** A post is matched on [title, selftext], a comment on [body]; each field on its own. */
export interface MatchInput {
  type: 'post' | 'comment';
  fields: readonly string[];
}

/**
 * In-memory keyword matching (decisions.md §4). Each keyword is indexed under one anchor
 * (a token, a pair of adjacent tokens, or a stem for broad keywords); an item's fields are
 * tokenised once, and only the keywords whose anchor occurs in a field are verified, so the
 * cost follows the text length, not the number of keywords.
 */
export class KeywordMatcher {
  private readonly keywords = new Map<string, IndexedKeyword>();
  private readonly index = new KeywordIndex();
  private readonly tokenCache = new TokenCache(this.index);
  private itemStamp = 0;
  private fieldStamp = 0;
  private matchesPosts = false;

  constructor(keywords: Iterable<KeywordDefinition> = []) {
    for (const keyword of keywords) this.upsert(keyword);
  }

  get size(): number {
    return this.keywords.size;
  }

  upsert(definition: KeywordDefinition): void {
    this.remove(definition.id);
    const { rule, anchor } = compileKeyword(definition.text, definition.mode, (options) =>
      chooseAnchor(options, (option) => this.index.keywordsSharing(option)),
    );
    const keyword: IndexedKeyword = {
      definition,
      rule,
      anchor,
      matchedStamp: 0,
      checkedStamp: 0,
      slot: 0,
    };
    this.index.add(keyword);
    this.keywords.set(definition.id, keyword);
  }

  remove(keywordId: string): void {
    const keyword = this.keywords.get(keywordId);
    if (keyword === undefined) return;
    this.index.remove(keyword);
    this.keywords.delete(keywordId);
  }

  /** The matching keywords, each once however often it occurs. */
  match(input: MatchInput): KeywordDefinition[] {
    const matched: KeywordDefinition[] = [];
    this.itemStamp++;
    this.matchesPosts = input.type === 'post';
    for (const text of input.fields) {
      if (text.length > 0) this.matchField(this.fieldView(text), matched);
    }
    return matched;
  }

  private fieldView(text: string): FieldView {
    const tokenized = tokenize(foldCase(text));
    return new FieldView(
      tokenized,
      tokenized.tokens.map((token) => this.tokenCache.lookup(token)),
    );
  }

  private matchField(field: FieldView, matched: KeywordDefinition[]): void {
    this.fieldStamp++;
    const { tokenInfos } = field;
    for (let position = 0; position < tokenInfos.length; position++) {
      const { byToken, byStem } = tokenInfos[position];
      if (byToken !== undefined) this.verifyBucket(byToken, field, position, matched);
      if (byStem !== undefined) this.verifyBucket(byStem, field, position, matched);
    }
    this.verify(this.index.unanchored, field, -1, matched);
  }

  private verifyBucket(
    bucket: AnchorBucket,
    field: FieldView,
    position: number,
    matched: KeywordDefinition[],
  ): void {
    if (bucket.keywords.length > 0) this.verify(bucket.keywords, field, position, matched);
    const next = field.tokens[position + 1];
    if (bucket.followedBy === undefined || next === undefined) return;
    const followed = bucket.followedBy.get(next);
    if (followed !== undefined) this.verify(followed, field, position, matched);
  }

  private verify(
    candidates: readonly IndexedKeyword[],
    field: FieldView,
    position: number,
    matched: KeywordDefinition[],
  ): void {
    for (const keyword of candidates) {
      if (keyword.matchedStamp === this.itemStamp) continue;
      const { definition, rule } = keyword;
      if (!(this.matchesPosts ? definition.trackPosts : definition.trackComments)) continue;
      if (rule.perField) {
        if (keyword.checkedStamp === this.fieldStamp) continue;
        keyword.checkedStamp = this.fieldStamp;
      }
      if (rule.matches(field, position)) {
        keyword.matchedStamp = this.itemStamp;
        matched.push(definition);
      }
    }
  }
}
