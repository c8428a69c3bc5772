import { descriptionOverlap, descriptionStemsOf, stemsOf, wordCoverage } from './text-signals.js';

describe('text signals', () => {
  it('compares words by English stem, case- and width-insensitively', () => {
    expect(stemsOf('Tracking PRICES')).toEqual(stemsOf('tracked price'));
    expect(stemsOf('ＡＣＭＥ widgets')).toEqual(new Set(['acm', 'widget']));
  });

  it('measures which share of the keyword words a field holds', () => {
    const keyword = stemsOf('price tracker app');
    expect(wordCoverage(keyword, stemsOf('Best price tracker app?'))).toBe(1);
    expect(wordCoverage(keyword, stemsOf('Looking for a price alert'))).toBeCloseTo(1 / 3);
    expect(wordCoverage(keyword, stemsOf('unrelated'))).toBe(0);
    expect(wordCoverage(new Set(), stemsOf('anything'))).toBe(0);
  });

  it('leaves stop words out of a description and treats a missing one as empty', () => {
    expect(descriptionStemsOf('The tools for the teams')).toEqual(new Set(['tool', 'team']));
    expect(descriptionStemsOf(null).size).toBe(0);
  });

  it('counts description words the item shares, beyond the keyword, full at five', () => {
    const description = descriptionStemsOf(
      'Budget price tracker for indie online shops selling handmade jewelry and crafts',
    );
    const keyword = stemsOf('price tracker');
    const item = (text: string) => descriptionOverlap(description, stemsOf(text), keyword);
    expect(item('price tracker')).toBe(0);
    expect(item('price tracker for my shop')).toBeCloseTo(1 / 5);
    expect(item('online shop selling jewelry, any price tracker?')).toBeCloseTo(4 / 5);
    expect(item('budget online shops selling handmade jewelry')).toBe(1);
    expect(descriptionOverlap(new Set(), stemsOf('anything'), keyword)).toBe(0);
  });

  it('gives full overlap when every word of a short description is present', () => {
    const description = descriptionStemsOf('indie games');
    expect(descriptionOverlap(description, stemsOf('great indie games here'), new Set())).toBe(1);
    expect(descriptionOverlap(description, stemsOf('great indie films'), new Set())).toBe(0.5);
  });
});
