import { Wakeup } from './wakeup.js';

describe('Wakeup', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const settled = async (promise: Promise<void>): Promise<boolean> => {
    let done = false;
    void promise.then(() => (done = true));
    await Promise.resolve();
    await Promise.resolve();
    return done;
  };

  it('ends a wait at the next wake', async () => {
    const wakeup = new Wakeup();
    const waiting = wakeup.wait(1000);
    expect(await settled(waiting)).toBe(false);

    wakeup.wake();

    expect(await settled(waiting)).toBe(true);
  });

  it('keeps a wake that came while nobody waited, once', async () => {
    const wakeup = new Wakeup();
    wakeup.wake();
    wakeup.wake();

    expect(await settled(wakeup.wait(1000))).toBe(true);
    expect(await settled(wakeup.wait(1000))).toBe(false);
  });

  it('ends a wait at its timeout without a wake', async () => {
    const wakeup = new Wakeup();
    const waiting = wakeup.wait(200);

    jest.advanceTimersByTime(199);
    expect(await settled(waiting)).toBe(false);
    jest.advanceTimersByTime(1);
    expect(await settled(waiting)).toBe(true);
  });

  it('wakes every waiter', async () => {
    const wakeup = new Wakeup();
    const waits = [wakeup.wait(1000), wakeup.wait(1000)];

    wakeup.wake();

    expect(await Promise.all(waits.map(settled))).toEqual([true, true]);
    expect(jest.getTimerCount()).toBe(0);
  });
});
