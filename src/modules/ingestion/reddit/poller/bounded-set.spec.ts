import { BoundedSet } from './bounded-set.js';

describe('BoundedSet', () => {
  it('holds what was added while under its capacity', () => {
    const set = new BoundedSet<string>(3);
    set.add('a');
    set.add('b');

    expect(set.has('a')).toBe(true);
    expect(set.has('b')).toBe(true);
    expect(set.has('c')).toBe(false);
    expect(set.size).toBe(2);
  });

  it('forgets the oldest value once one more than its capacity is added', () => {
    const set = new BoundedSet<string>(2);
    set.add('a');
    set.add('b');
    set.add('c');

    expect(set.has('a')).toBe(false);
    expect(set.has('b')).toBe(true);
    expect(set.has('c')).toBe(true);
    expect(set.size).toBe(2);
  });

  it('keeps a value added again at its first place, as a plain Set does', () => {
    const set = new BoundedSet<string>(2);
    set.add('a');
    set.add('b');
    set.add('a');
    set.add('c');

    expect(set.has('a')).toBe(false);
    expect([set.has('b'), set.has('c')]).toEqual([true, true]);
  });
});
