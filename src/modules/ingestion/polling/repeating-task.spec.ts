import { RepeatingTask } from './repeating-task.js';

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
}

function deferred(): Deferred {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('RepeatingTask', () => {
  const INTERVAL_MS = 1_000;
  let startedAt: number[];
  let errors: unknown[];

  beforeEach(() => {
    jest.useFakeTimers({ now: 0 });
    startedAt = [];
    errors = [];
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  function repeat(run: () => Promise<void>): RepeatingTask {
    return new RepeatingTask(
      () => {
        startedAt.push(Date.now());
        return run();
      },
      { intervalMs: INTERVAL_MS, onError: (error) => errors.push(error), now: () => Date.now() },
    );
  }

  it('runs at once, then once per interval counted from the start of each run', async () => {
    const task = repeat(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
    });

    task.start();
    await jest.advanceTimersByTimeAsync(3_500);
    await task.stop();

    expect(startedAt).toEqual([0, 1_000, 2_000, 3_000]);
  });

  it('never starts a run while the previous one is still going', async () => {
    const slow = deferred();
    const task = repeat(() => (startedAt.length === 1 ? slow.promise : Promise.resolve()));

    task.start();
    await jest.advanceTimersByTimeAsync(5_000);
    const whileSlow = [...startedAt];
    slow.resolve();
    await jest.advanceTimersByTimeAsync(0);
    await task.stop();

    expect(whileSlow).toEqual([0]);
    expect(startedAt).toEqual([0, 5_000]);
  });

  it('stop() waits for the run in progress and nothing runs afterwards', async () => {
    const running = deferred();
    const task = repeat(() => running.promise);
    task.start();
    await jest.advanceTimersByTimeAsync(0);

    let stopped = false;
    const stopping = task.stop().then(() => {
      stopped = true;
    });
    await jest.advanceTimersByTimeAsync(100);
    const stoppedBeforeRunEnded = stopped;
    running.resolve();
    await stopping;
    await jest.advanceTimersByTimeAsync(10_000);

    expect(stoppedBeforeRunEnded).toBe(false);
    expect(stopped).toBe(true);
    expect(startedAt).toEqual([0]);
  });

  it('reports failures and waits longer after each one until a run succeeds', async () => {
    const task = repeat(() =>
      startedAt.length <= 2
        ? Promise.reject(new Error(`failure ${startedAt.length}`))
        : Promise.resolve(),
    );

    task.start();
    await jest.advanceTimersByTimeAsync(4_500);
    await task.stop();

    expect(errors.map((error) => (error as Error).message)).toEqual(['failure 1', 'failure 2']);
    expect(startedAt).toEqual([0, 1_000, 3_000, 4_000]);
  });
});
