import { GroupCommit } from './group-commit.js';

describe('GroupCommit', () => {
  it('writes the items of one turn together, and those arriving during a write next', async () => {
    const batches: number[][] = [];
    let firstStarted = (): void => undefined;
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    let finishFirst = (): void => undefined;
    const commit = new GroupCommit<number, string>(async (items) => {
      batches.push(items);
      if (batches.length === 1) {
        firstStarted();
        await new Promise<void>((resolve) => (finishFirst = resolve));
      }
      return items.map((item) => `ok ${item}`);
    });

    const first = [commit.add(1), commit.add(2)];
    await started;
    const later = [commit.add(3), commit.add(4)];
    finishFirst();

    expect(await Promise.all(first)).toEqual(['ok 1', 'ok 2']);
    expect(await Promise.all(later)).toEqual(['ok 3', 'ok 4']);
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('fails every item of a failed batch, and goes on with the next', async () => {
    let fail = true;
    const commit = new GroupCommit<number, number>(async (items) => {
      if (fail) throw new Error('database down');
      return items;
    });

    await expect(commit.add(1)).rejects.toThrow('database down');
    fail = false;
    await expect(commit.add(2)).resolves.toBe(2);
  });
});
