import { parseQuery } from '../src/modules/matching/query/query-parser.js';
import { tokenRarity } from '../src/modules/matching/text/common-words.js';
import { itemSources, seededRandom, type Random } from './synthetic-stream.js';

/**
 * Queries drawn like real ones (issue #33, item 5), from the words of a keyword set: 30% with OR
 * groups, 20% with NOT, 20% field-scoped (title:, body:, sub:, author:, site:, flair:, type:,
 * self:, nsfw:), 10% NEAR, the rest plain. Each is a query the parser accepts.
 */

const BARE_WORD = /^[\p{L}\p{N}]+$/u;
/** tokenRarity of a word that is none of the common words (see common-words.ts). */
const UNCOMMON_RARITY = 15;
/** A brand's own site: its name under one of these. */
const TLDS = ['com', 'io', 'dev', 'app'];
const FLAIRS = ['Discussion', 'Question', 'Help', 'News', 'Meme'];

function pick<T>(random: Random, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)];
}

/** A keyword text as a query term: a bare word, else a phrase. */
function term(text: string): string {
  const folded = text.toLowerCase();
  return BARE_WORD.test(folded) ? folded : `"${folded.replaceAll('"', ' ').trim()}"`;
}

class QueryDraw {
  private readonly sources = itemSources(this.seed);
  /** Words of the keywords; the uncommon ones are what users search for on their own. */
  private readonly words: string[];
  private readonly uncommonWords: string[];

  constructor(
    private readonly random: Random,
    private readonly seed: number,
    private readonly texts: readonly string[],
  ) {
    this.words = [...new Set(texts.flatMap((text) => text.toLowerCase().split(/\s+/)))].filter(
      (word) => BARE_WORD.test(word) && word.length >= 3,
    );
    this.uncommonWords = this.words.filter((word) => tokenRarity(word) >= UNCOMMON_RARITY);
  }

  /** A keyword's text (a word or a phrase), as users put their brand first. */
  keyword(): string {
    return term(pick(this.random, this.texts));
  }

  /** A word searched for: a name or a rare term. */
  word(): string {
    return pick(this.random, this.uncommonWords);
  }

  /** A prefix as users write one, to catch a name's or a term's endings (`acme*`, `plugin*`). */
  prefix(): string {
    return `${this.word()}*`;
  }

  /** A word qualifying a search (`pricing`, `alternative`), left out, or near a name. */
  contextWord(): string {
    return pick(this.random, this.words);
  }

  private subreddit(): string {
    return this.sources.next().value.subreddit;
  }

  private author(): string {
    return this.random() < 0.5 ? 'AutoModerator' : this.sources.next().value.author;
  }

  orGroup(): string {
    const branches = Array.from({ length: 2 + Math.floor(this.random() * 3) }, () =>
      this.keyword(),
    );
    const group = `(${branches.join(' OR ')})`;
    const roll = this.random();
    if (roll < 0.4) return group;
    return roll < 0.8
      ? `${this.keyword()} ${group}`
      : `${group} (${this.contextWord()} OR ${this.contextWord()})`;
  }

  negated(): string {
    const roll = this.random();
    if (roll < 0.5) return `${this.keyword()} -${this.contextWord()}`;
    if (roll < 0.8) return `${this.keyword()} NOT "${this.contextWord()} ${this.contextWord()}"`;
    return `${this.keyword()} -(${this.contextWord()} OR ${this.contextWord()})`;
  }

  fieldScoped(): string {
    const keyword = this.keyword();
    switch (Math.floor(this.random() * 10)) {
      case 0:
        return `title:${keyword}`;
      case 1:
        return `body:${keyword} ${this.contextWord()}`;
      case 2:
        return `${keyword} sub:(${this.subreddit()},${this.subreddit()})`;
      case 3:
        return `${keyword} -author:${this.author()}`;
      case 4:
        return `(${keyword} OR site:${this.word()}.${pick(this.random, TLDS)}) -author:${this.author()}`;
      case 5:
        return `${keyword} -flair:"${pick(this.random, FLAIRS)}"`;
      case 6:
        return `${keyword} type:${this.random() < 0.5 ? 'post' : 'comment'}`;
      case 7:
        return `${keyword} self:${this.random() < 0.5 ? 'yes' : 'no'} nsfw:no`;
      case 8:
        return `title:(${keyword} OR ${this.prefix()}) -sub:${this.subreddit()}`;
      default:
        return `sub:${this.subreddit()} type:post title:${this.word()}`;
    }
  }

  near(): string {
    const operator = this.random() < 0.7 ? 'NEAR' : 'ONEAR';
    const distance = 1 + Math.floor(this.random() * 8);
    const near =
      this.random() < 0.7 ? this.contextWord() : `(${this.contextWord()} OR ${this.contextWord()})`;
    return `${this.keyword()} ${operator}/${distance} ${near}`;
  }

  plain(): string {
    const roll = this.random();
    if (roll < 0.6) return this.keyword();
    if (roll < 0.85) return `${this.keyword()} ${this.contextWord()}`;
    return `${this.prefix()}`;
  }
}

/** `count` queries (each accepted by the parser) over the words of `texts`. */
export function queryMix(texts: readonly string[], count: number, seed: number): string[] {
  const random = seededRandom(seed);
  const draw = new QueryDraw(random, seed, texts);
  const queries: string[] = [];
  while (queries.length < count) {
    const roll = random();
    const query =
      roll < 0.3
        ? draw.orGroup()
        : roll < 0.5
          ? draw.negated()
          : roll < 0.7
            ? draw.fieldScoped()
            : roll < 0.8
              ? draw.near()
              : draw.plain();
    try {
      parseQuery(query);
      queries.push(query);
    } catch {
      // A drawn word the language refuses (a prefix under 3 letters): draw again.
    }
  }
  return queries;
}
