import { ChangeFollower, ChangeWindow, type ChangeMarks } from './change-follower.js';

const marks = (accounts: number, keywords: number, searches = 0): ChangeMarks => ({
  accounts,
  keywords,
  searches,
});

describe('ChangeFollower', () => {
  /** Refreshes with the given latest numbers and answers the window the caller was handed. */
  async function refresh(
    follower: ChangeFollower,
    latest: ChangeMarks,
    apply: (window: ChangeWindow) => Promise<void> = async () => undefined,
  ): Promise<ChangeWindow> {
    let seen: ChangeWindow | undefined;
    await follower.refresh(
      async () => latest,
      async (window) => {
        seen = window;
        await apply(window);
      },
    );
    return seen!;
  }

  it('hands the first refresh no marks, so it reads everything', async () => {
    const window = await refresh(new ChangeFollower(), marks(3, 7));
    expect(window.since).toBeNull();
    expect(window.first).toBe(true);
    expect(window.latest).toEqual(marks(3, 7));
  });

  it('hands each later refresh the numbers the previous one read up to', async () => {
    const follower = new ChangeFollower();
    await refresh(follower, marks(3, 7));
    const window = await refresh(follower, marks(4, 7));
    expect(window.since).toEqual(marks(3, 7));
    expect(window.first).toBe(false);
  });

  it('keeps its marks when applying fails, so the next refresh reads those rows again', async () => {
    const follower = new ChangeFollower();
    await refresh(follower, marks(3, 7));
    const failing = refresh(follower, marks(5, 9), () => Promise.reject(new Error('read failed')));
    await expect(failing).rejects.toThrow('read failed');
    expect((await refresh(follower, marks(5, 9))).since).toEqual(marks(3, 7));
  });

  it('keeps its marks when the latest numbers cannot be read', async () => {
    const follower = new ChangeFollower();
    await refresh(follower, marks(3, 7));
    const apply = jest.fn();
    await expect(
      follower.refresh(() => Promise.reject(new Error('database down')), apply),
    ).rejects.toThrow('database down');
    expect(apply).not.toHaveBeenCalled();
    expect((await refresh(follower, marks(3, 8))).since).toEqual(marks(3, 7));
  });

  it('starts from nothing again after a reset', async () => {
    const follower = new ChangeFollower();
    await refresh(follower, marks(3, 7));
    await follower.reset();
    expect((await refresh(follower, marks(3, 7))).since).toBeNull();
  });

  it('runs one refresh at a time: the second reads after the first has moved the marks', async () => {
    const follower = new ChangeFollower();
    let finishFirst!: () => void;
    const order: string[] = [];
    const first = refresh(follower, marks(1, 1), async () => {
      order.push('first applies');
      await new Promise<void>((resolve) => (finishFirst = resolve));
      order.push('first done');
    });
    const second = follower.refresh(
      async () => {
        order.push('second reads the latest');
        return marks(2, 2);
      },
      async (window) => {
        expect(window.since).toEqual(marks(1, 1));
      },
    );
    await new Promise((resolve) => setImmediate(resolve));
    finishFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['first applies', 'first done', 'second reads the latest']);
  });
});

describe('ChangeWindow', () => {
  it('reads every row of a stream on a first refresh', () => {
    const window = new ChangeWindow(null, marks(0, 4));
    expect(window.after('keywords')).toBe(-1);
    expect(window.moved('keywords')).toBe(true);
    expect(window.moved('accounts')).toBe(true);
  });

  it('reads a stream after its mark, and only when its latest number moved past it', () => {
    const window = new ChangeWindow(marks(3, 7), marks(3, 9));
    expect(window.after('keywords')).toBe(7);
    expect(window.moved('keywords')).toBe(true);
    expect(window.moved('accounts')).toBe(false);
  });
});
