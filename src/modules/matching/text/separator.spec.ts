import { separatorEndsAt, separatorEquals, separatorStartsAt } from './separator.js';

describe('separatorEquals', () => {
  it('matches a space against any run of whitespace', () => {
    const text = 'a \t\n b';
    expect(separatorEquals(text, 1, 5, ' ')).toBe(true);
  });

  it('does not match a space against no whitespace at all', () => {
    expect(separatorEquals('a.b', 1, 2, ' ')).toBe(false);
  });

  it('requires the other characters exactly', () => {
    expect(separatorEquals('a. b', 1, 3, '. ')).toBe(true);
    expect(separatorEquals('a, b', 1, 3, '. ')).toBe(false);
  });

  it('does not match a gap longer than the separator', () => {
    expect(separatorEquals('a.. b', 1, 4, '. ')).toBe(false);
  });
});

describe('separatorEndsAt', () => {
  it('matches a prefix that ends right before the offset', () => {
    expect(separatorEndsAt('asp.net', 4, '.')).toBe(true);
  });

  it('does not match when the text before the offset differs', () => {
    expect(separatorEndsAt('asp-net', 4, '.')).toBe(false);
  });

  it('does not match past the start of the text', () => {
    expect(separatorEndsAt('net', 0, '.')).toBe(false);
  });
});

describe('separatorStartsAt', () => {
  it('matches a suffix that starts at the offset, whatever follows', () => {
    expect(separatorStartsAt('c++!', 1, '++')).toBe(true);
  });

  it('does not match past the end of the text', () => {
    expect(separatorStartsAt('c+', 1, '++')).toBe(false);
  });
});
