import { jsonBodyProblem, MAX_JSON_DEPTH } from './json-body.js';

const nestedArrays = (depth: number): unknown => {
  let value: unknown = [];
  for (let level = 1; level < depth; level += 1) value = [value];
  return value;
};

describe('jsonBodyProblem', () => {
  it('accepts the bodies the API takes, nested up to the limit', () => {
    expect(jsonBodyProblem({ keywords: [{ text: 'acme', mode: 'broad' }] })).toBeNull();
    expect(jsonBodyProblem(nestedArrays(MAX_JSON_DEPTH))).toBeNull();
    expect(jsonBodyProblem(undefined)).toBeNull();
  });

  it('refuses nesting past the limit, at the top or inside a field, without overflowing itself', () => {
    expect(jsonBodyProblem(nestedArrays(MAX_JSON_DEPTH + 1))).toMatch(/nested deeper than 32/);
    expect(jsonBodyProblem({ name: nestedArrays(MAX_JSON_DEPTH) })).toMatch(/nested deeper/);
    expect(jsonBodyProblem(nestedArrays(1_000_000))).toMatch(/nested deeper/);
  });

  it('refuses a NUL character in any string, value or key', () => {
    expect(jsonBodyProblem({ name: 'a\u0000b' })).toMatch(/NUL/);
    expect(jsonBodyProblem([[{ deep: ['ok', '\u0000'] }]])).toMatch(/NUL/);
    expect(jsonBodyProblem({ 'key\u0000': 1 })).toMatch(/NUL/);
    expect(jsonBodyProblem('\u0000')).toMatch(/NUL/);
  });
});
