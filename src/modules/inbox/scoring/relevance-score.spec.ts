import { relevanceScore, type RelevanceSignals } from './relevance-score.js';

const base: RelevanceSignals = {
  inTitle: false,
  titleCoverage: 0,
  upvotes: 0,
  comments: 0,
  descriptionOverlap: 0,
};
const score = (change: Partial<RelevanceSignals> = {}) => relevanceScore({ ...base, ...change });

describe('relevanceScore', () => {
  it('gives a bare body match 25 and a bare title match 50', () => {
    expect(score()).toBe(25);
    expect(score({ inTitle: true })).toBe(50);
  });

  it('ranks a title match above any body match, all else equal', () => {
    for (const titleCoverage of [0, 0.5, 0.99, 1]) {
      expect(score({ inTitle: true })).toBeGreaterThan(score({ titleCoverage }));
    }
  });

  it('ranks a body match whose title holds all the keyword words above one holding some', () => {
    expect(score({ titleCoverage: 1 })).toBe(40);
    expect(score({ titleCoverage: 1 })).toBeGreaterThan(score({ titleCoverage: 0.5 }));
    expect(score({ titleCoverage: 0.5 })).toBeGreaterThan(score({ titleCoverage: 0 }));
  });

  it('never decreases as upvotes or comments grow, and rises while they are unsaturated', () => {
    const counts = [0, 1, 2, 5, 10, 50, 100, 500, 999, 5_000, 1_000_000];
    const byUpvotes = counts.map((upvotes) => score({ upvotes }));
    const byComments = counts.map((comments) => score({ comments }));
    for (let i = 1; i < counts.length; i++) {
      expect(byUpvotes[i]).toBeGreaterThanOrEqual(byUpvotes[i - 1]);
      expect(byComments[i]).toBeGreaterThanOrEqual(byComments[i - 1]);
    }
    expect(score({ upvotes: 100 })).toBeGreaterThan(score({ upvotes: 10 }));
    expect(score({ comments: 50 })).toBeGreaterThan(score({ comments: 5 }));
    expect(score({ upvotes: 999, comments: 99 })).toBe(55);
  });

  it('rises with the overlap between the item and the search description', () => {
    expect(score({ descriptionOverlap: 0.4 })).toBeGreaterThan(score());
    expect(score({ descriptionOverlap: 1 })).toBeGreaterThan(score({ descriptionOverlap: 0.4 }));
    expect(score({ descriptionOverlap: 1 })).toBe(45);
  });

  it('stays a whole number from 0 to 100 whatever the inputs', () => {
    const extremes: Partial<RelevanceSignals>[] = [
      { inTitle: true, upvotes: 1e9, comments: 1e9, descriptionOverlap: 1, titleCoverage: 1 },
      { upvotes: -500, comments: -3, descriptionOverlap: -1, titleCoverage: -1 },
      { upvotes: Number.NaN, comments: Infinity, descriptionOverlap: 7, titleCoverage: Number.NaN },
    ];
    for (const change of extremes) {
      const value = score(change);
      expect(Number.isInteger(value)).toBe(true);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }
    expect(score(extremes[0])).toBe(100);
  });

  it('is deterministic: the same signals always give the same score', () => {
    const signals: RelevanceSignals = {
      inTitle: false,
      titleCoverage: 0.5,
      upvotes: 37,
      comments: 4,
      descriptionOverlap: 0.6,
    };
    const first = relevanceScore(signals);
    for (let i = 0; i < 5; i++) expect(relevanceScore({ ...signals })).toBe(first);
    expect(first).toBe(58);
  });
});
