import { PairFilter } from './pair-filter.js';

describe('PairFilter', () => {
  it('may contain every pair added', () => {
    const filter = new PairFilter();
    for (let id = 1; id <= 1000; id++) filter.add(id, id + 1);
    for (let id = 1; id <= 1000; id++) expect(filter.mayContain(id, id + 1)).toBe(true);
  });

  it('rules out most pairs never added', () => {
    const filter = new PairFilter();
    for (let id = 1; id <= 1000; id++) filter.add(id, id + 1);
    let maybe = 0;
    for (let id = 1; id <= 1000; id++) if (filter.mayContain(id + 1, id)) maybe++;
    expect(maybe).toBeLessThan(20);
  });

  it('asks for a rebuild once removed pairs outnumber live ones, and forgets them then', () => {
    const filter = new PairFilter();
    for (let id = 1; id <= 3000; id++) filter.add(id, 7);
    for (let id = 1; id <= 2000; id++) filter.remove();
    expect(filter.needsRebuild).toBe(true);
    filter.rebuild([[2500, 7]]);
    expect(filter.needsRebuild).toBe(false);
    expect(filter.mayContain(2500, 7)).toBe(true);
    expect(filter.mayContain(1, 7)).toBe(false);
  });
});
