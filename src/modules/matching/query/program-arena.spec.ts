import { TermTable } from '../index/term-table.js';
import { ProgramArena } from './program-arena.js';
import { compileQueryProgram } from './query-program.js';
import { parseQuery } from './query-parser.js';

function program(query: string) {
  return compileQueryProgram(parseQuery(query), new TermTable());
}

describe('ProgramArena', () => {
  it('keeps each program apart, with the nodes it names', () => {
    const arena = new ProgramArena();
    const first = program('"acme, inc" NEAR/3 pricing');
    const second = program('sub:saas type:post');
    const [firstStart, secondStart] = [arena.add(first), arena.add(second)];
    expect(secondStart).toBeGreaterThanOrEqual(firstStart + first.code.length + 1);
    expect(arena.nodesOf(firstStart)).toBe(first.nodes);
    expect(arena.nodesOf(secondStart)).toBe(second.nodes);
    expect([...arena.code.subarray(firstStart + 1, firstStart + 1 + first.code.length)]).toEqual([
      ...first.code,
    ]);
  });

  it('gives a removed program’s block to the next program of its size, stamp cleared', () => {
    const arena = new ProgramArena();
    const removed = program('acme -free');
    const start = arena.add(removed);
    arena.add(program('globex'));
    expect(arena.claim(start, 7)).toBe(true);
    arena.remove(start);
    const next = program('initech -cheap');
    expect(arena.add(next)).toBe(start);
    expect(arena.nodesOf(start)).toBe(next.nodes);
    expect(arena.claim(start, 7)).toBe(true);
  });

  it('lets an item claim a program once', () => {
    const arena = new ProgramArena();
    const start = arena.add(program('acme'));
    expect(arena.claim(start, 1)).toBe(true);
    expect(arena.claim(start, 1)).toBe(false);
    expect(arena.claim(start, 2)).toBe(true);
    arena.clearStamp(start);
    expect(arena.claim(start, 2)).toBe(true);
  });

  it('grows as programs are added, none overwriting another', () => {
    const arena = new ProgramArena();
    const placed = Array.from({ length: 2_000 }, (_, index) => {
      const added = program(`(w${index} OR "x${index} y") -z${index}`);
      return { added, start: arena.add(added) };
    });
    for (const { added, start } of placed) {
      const stored = arena.code.subarray(start + 1, start + 1 + added.code.length);
      expect([...stored]).toEqual([...added.code]);
    }
  });
});
