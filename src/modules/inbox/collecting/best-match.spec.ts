import { stemsOf, descriptionStemsOf } from '../scoring/text-signals.js';
import { bestMatchPerSearch } from './best-match.js';
import type { PostSnapshot } from './post-snapshot.js';
import type { IndexedSearchKeyword, KeywordHit } from './search-keyword.js';

const keyword = (searchId: string, text: string, position = 0): IndexedSearchKeyword => ({
  id: `${searchId}:${text}`,
  searchId,
  accountId: 'account',
  text,
  position,
  stems: stemsOf(text),
});

const snapshot = (change: Partial<PostSnapshot> = {}): PostSnapshot => ({
  itemKey: 't3_x',
  postId: 'x',
  postTitle: 'Which price tools do you use?',
  postUrl: 'https://www.reddit.com/r/a/comments/x/t/',
  postAuthor: 'a',
  postSubreddit: 'a',
  postContent: 'I need a price tracker for my online shop',
  postCreatedUtc: 1,
  postScore: 0,
  postNumComments: 0,
  commentId: null,
  commentContent: null,
  ...change,
});

const noDescription = () => new Set<string>();

describe('bestMatchPerSearch', () => {
  it('keeps one match per search, with its best-scoring keyword', () => {
    const hits: KeywordHit[] = [
      { keyword: keyword('s1', 'online shop', 0), inTitle: false },
      { keyword: keyword('s1', 'price tools', 1), inTitle: true },
      { keyword: keyword('s2', 'price tracker'), inTitle: false },
    ];
    const matches = bestMatchPerSearch(hits, snapshot(), noDescription);
    expect(matches.map((m) => [m.keyword.searchId, m.keyword.text])).toEqual([
      ['s1', 'price tools'],
      ['s2', 'price tracker'],
    ]);
    expect(matches[0].relevanceScore).toBe(50);
  });

  it('scores a body match higher when the title holds more of the keyword words', () => {
    const [some] = bestMatchPerSearch(
      [{ keyword: keyword('s', 'price tracker'), inTitle: false }],
      snapshot(),
      noDescription,
    );
    const [all] = bestMatchPerSearch(
      [{ keyword: keyword('s', 'price tracker'), inTitle: false }],
      snapshot({ postTitle: 'Tracker for the price of eggs, far apart words here' }),
      noDescription,
    );
    expect(all.relevanceScore).toBeGreaterThan(some.relevanceScore);
  });

  it('raises the score with words shared with the search description, comment text included', () => {
    const description = descriptionStemsOf('handmade jewelry sellers on etsy');
    const hit = [{ keyword: keyword('s', 'price tracker'), inTitle: false }];
    const [without] = bestMatchPerSearch(hit, snapshot(), () => description);
    const [withShared] = bestMatchPerSearch(
      hit,
      snapshot({ commentContent: 'I sell handmade jewelry on Etsy' }),
      () => description,
    );
    expect(withShared.relevanceScore).toBeGreaterThan(without.relevanceScore);
  });

  it('breaks a tie in favour of the keyword listed first in the search', () => {
    const hits: KeywordHit[] = [
      { keyword: keyword('s', 'shop', 1), inTitle: false },
      { keyword: keyword('s', 'need', 0), inTitle: false },
    ];
    expect(bestMatchPerSearch(hits, snapshot(), noDescription)[0].keyword.text).toBe('need');
  });
});
