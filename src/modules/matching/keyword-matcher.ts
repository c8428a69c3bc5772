import { chooseAnchor } from './anchor.js';
import { compileKeyword } from './compile-keyword.js';
import { FieldView } from './field-view.js';
import type { KeywordDefinition } from './keyword-definition.js';
import { KeywordIndex, type IndexedKeyword } from './keyword-index.js';
import { StemCache } from './stem-cache.js';
import { foldCase } from './text-normalization.js';
import { tokenize } from './tokenizer.js';

/** A post is matched on [title, selftext], a comment on [body]; each field on its own. */
export interface MatchInput {
  type: 'post' | 'comment';
  fields: readonly string[];
}

/**
 * In-memory keyword matching (decisions.md §4). Each keyword is indexed under one anchor
 * token (or stem, for broad keywords); an item's fields are tokenised once, and only the
 * keywords whose anchor occurs in a field are verified, so the cost follows the text length,
 * not the number of keywords.
 */
export class KeywordMatcher {
  private readonly keywords = new Map<string, IndexedKeyword>();
  private readonly index = new KeywordIndex();
  private readonly stems = new StemCache();
  private itemStamp = 0;
  private fieldStamp = 0;

  constructor(keywords: Iterable<KeywordDefinition> = []) {
    for (const keyword of keywords) this.upsert(keyword);
  }

  get size(): number {
    return this.keywords.size;
  }

  upsert(definition: KeywordDefinition): void {
    this.remove(definition.id);
    const { rule, anchor } = compileKeyword(
      definition.text,
      definition.mode,
      (options) => chooseAnchor(options, (option) => this.index.keywordsSharing(option)),
      this.stems,
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
    const isPost = input.type === 'post';
    const itemStamp = ++this.itemStamp;
    for (const text of input.fields) {
      if (text.length === 0) continue;
      const field = new FieldView(tokenize(foldCase(text)), this.stems);
      const fieldStamp = ++this.fieldStamp;
      const verify = (candidates: IndexedKeyword[] | undefined, position: number): void => {
        if (candidates === undefined) return;
        for (const keyword of candidates) {
          if (keyword.matchedStamp === itemStamp) continue;
          const { definition, rule } = keyword;
          if (!(isPost ? definition.trackPosts : definition.trackComments)) continue;
          if (rule.perField) {
            if (keyword.checkedStamp === fieldStamp) continue;
            keyword.checkedStamp = fieldStamp;
          }
          if (rule.matches(field, position)) {
            keyword.matchedStamp = itemStamp;
            matched.push(definition);
          }
        }
      };
      const withStems = this.index.hasStemAnchors;
      for (let position = 0; position < field.tokens.length; position++) {
        const token = field.tokens[position];
        verify(this.index.withToken(token), position);
        if (withStems) verify(this.index.withStem(this.stems.stem(token)), position);
      }
      verify(this.index.unanchored, -1);
    }
    return matched;
  }
}
