import { setTimeout as sleep } from 'node:timers/promises';
import { pino } from 'pino';
import { BackgroundLoop, type BackgroundLoopOptions, type LoopLease } from './background-loop.js';

interface LogLine {
  level: number;
  msg: string;
  failedTurns?: number;
}

const ERROR = 50;

/** Real timers, kept short: a wait the loop must not cut short is 10 s. */
const LONG_MS = 10_000;

function deferred(): { promise: Promise<void>; resolve(): void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

async function until(condition: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(2);
  }
}

describe('BackgroundLoop', () => {
  let lines: LogLine[];
  let loop: BackgroundLoop | null;

  beforeEach(() => {
    lines = [];
    loop = null;
  });

  afterEach(async () => {
    await loop?.stop();
  });

  function backgroundLoop(options: Partial<BackgroundLoopOptions>): BackgroundLoop {
    const logger = pino(
      { level: 'info' },
      { write: (line: string) => lines.push(JSON.parse(line)) },
    );
    loop = new BackgroundLoop({
      name: 'test loop',
      logger,
      idleMs: LONG_MS,
      turn: () => Promise.resolve(),
      ...options,
    });
    return loop;
  }

  it('runs the first turn at once, then after the wait each turn asks for, and logs start and stop', async () => {
    const startedAt: number[] = [];
    const subject = backgroundLoop({
      turn: () => {
        startedAt.push(performance.now());
        return Promise.resolve(startedAt.length < 3 ? 30 : LONG_MS);
      },
    });

    subject.start({ pollMs: 30 });
    await until(() => startedAt.length === 3);
    await subject.stop();

    expect(startedAt[1] - startedAt[0]).toBeGreaterThanOrEqual(29);
    expect(startedAt[2] - startedAt[1]).toBeGreaterThanOrEqual(29);
    expect(lines.map((line) => line.msg)).toEqual(['test loop started', 'test loop stopped']);
    expect(lines[0]).toMatchObject({ pollMs: 30 });
  });

  it('ends a wait at a wake, and runs one more turn for all the wakes that came during a turn', async () => {
    let turns = 0;
    let wakeAll: () => void = () => {};
    const slowTurn = deferred();
    const subject = backgroundLoop({
      turn: async () => {
        turns += 1;
        if (turns === 2) await slowTurn.promise;
      },
      wakeOn: (wake) => {
        wakeAll = wake;
        return () => (wakeAll = () => {});
      },
    });

    subject.start();
    await until(() => turns === 1);
    wakeAll();
    await until(() => turns === 2);
    wakeAll();
    wakeAll();
    wakeAll();
    slowTurn.resolve();
    await until(() => turns === 3);
    await sleep(50);

    expect(turns).toBe(3);
  });

  it('never runs two turns at once: a turn asked for meanwhile waits for the running one', async () => {
    const running = deferred();
    const order: string[] = [];
    const subject = backgroundLoop({
      turn: async () => {
        order.push('loop turn starts');
        await running.promise;
        order.push('loop turn ends');
      },
    });

    subject.start();
    await until(() => order.length === 1);
    const asked = subject.runTurn(() => {
      order.push('asked turn');
      return Promise.resolve('done');
    });
    await sleep(20);
    running.resolve();

    expect(await asked).toBe('done');
    expect(order).toEqual(['loop turn starts', 'loop turn ends', 'asked turn']);
  });

  it('stop() waits for the running turn, then drains, and nothing runs afterwards', async () => {
    const running = deferred();
    const order: string[] = [];
    let turns = 0;
    const subject = backgroundLoop({
      idleMs: 5,
      turn: async () => {
        turns += 1;
        if (turns === 1) await running.promise;
        if (subject.stopping) order.push('turn saw stopping');
      },
      drain: () => {
        order.push('drained');
        return Promise.resolve();
      },
    });

    subject.start();
    await until(() => turns === 1);
    let stopped = false;
    const stopping = subject.stop().then(() => (stopped = true));
    await sleep(20);
    const stoppedBeforeTurnEnded = stopped;
    running.resolve();
    await stopping;
    await sleep(30);

    expect(stoppedBeforeTurnEnded).toBe(false);
    expect(order).toEqual(['turn saw stopping', 'drained']);
    expect(turns).toBe(1);
  });

  it('drains on stop also when it was never started (turns run by hand leave work too)', async () => {
    let drained = false;
    const subject = backgroundLoop({
      drain: () => {
        drained = true;
        return Promise.resolve();
      },
    });

    await subject.stop();

    expect(drained).toBe(true);
    expect(lines).toEqual([]);
  });

  it('logs one line when turns start failing and one when a turn works again, waiting as retryMs says', async () => {
    const failing = new Set([1, 2, 3, 5]);
    let turns = 0;
    const asked: number[] = [];
    const subject = backgroundLoop({
      idleMs: 5,
      turn: () => {
        turns += 1;
        return failing.has(turns)
          ? Promise.reject(new Error(`failure ${turns}`))
          : Promise.resolve();
      },
      retryMs: (failuresInARow) => {
        asked.push(failuresInARow);
        return 10 * failuresInARow;
      },
    });

    subject.start();
    await until(() => turns >= 6);
    await subject.stop();

    const failed = (ms: number) =>
      `test loop failed; trying again in ${ms} ms, and less often while it fails (logged again once a turn succeeds)`;
    expect(asked).toEqual([1, 2, 3, 1]);
    expect(lines.map((line) => line.msg)).toEqual([
      'test loop started',
      failed(10),
      'test loop works again',
      failed(10),
      'test loop works again',
      'test loop stopped',
    ]);
    expect(lines[1]).toMatchObject({ level: ERROR, err: { message: 'failure 1' } });
    expect(lines[2]).toMatchObject({ failedTurns: 3 });
    expect(lines[4]).toMatchObject({ failedTurns: 1 });
  });

  it('without a retryMs of its own, waits idleMs doubled at each failure in a row (up to 5 s)', async () => {
    const startedAt: number[] = [];
    const subject = backgroundLoop({
      idleMs: 20,
      turn: () => {
        startedAt.push(performance.now());
        return Promise.reject(new Error('down'));
      },
    });

    subject.start();
    await until(() => startedAt.length === 4);
    await subject.stop();

    const waits = startedAt.slice(1).map((at, index) => at - startedAt[index]);
    expect(waits[0]).toBeGreaterThanOrEqual(19);
    expect(waits[1]).toBeGreaterThanOrEqual(39);
    expect(waits[2]).toBeGreaterThanOrEqual(79);
  });

  describe('with a lease', () => {
    class SwitchableLease implements LoopLease {
      free = false;
      released = 0;

      acquire(): Promise<boolean> {
        return Promise.resolve(this.free);
      }

      release(): Promise<void> {
        this.released += 1;
        return Promise.resolve();
      }
    }

    it('runs turns only while it holds the lease, and hears when it takes it and when it loses it', async () => {
      const lease = new SwitchableLease();
      const changes: boolean[] = [];
      let turns = 0;
      const subject = backgroundLoop({
        idleMs: 5,
        turn: () => {
          turns += 1;
          return Promise.resolve();
        },
        lease: {
          lease,
          changed: (held) => {
            changes.push(held);
            return Promise.resolve();
          },
        },
      });

      subject.start();
      await sleep(30);
      const turnsWithoutLease = turns;
      lease.free = true;
      await until(() => turns >= 2);
      expect(subject.holdsLease).toBe(true);
      lease.free = false;
      await until(() => !subject.holdsLease);
      const turnsWhenLost = turns;
      await sleep(30);

      expect(turnsWithoutLease).toBe(0);
      expect(turns).toBe(turnsWhenLost);
      expect(changes).toEqual([true, false]);
      expect(lines.map((line) => line.msg)).toEqual([
        'test loop started',
        'test loop took its lease: this instance runs it',
        'test loop gave up its lease',
      ]);
    });

    it('answers a turn asked for without the lease with null, and releases the lease on stop', async () => {
      const lease = new SwitchableLease();
      const changes: boolean[] = [];
      const subject = backgroundLoop({
        lease: {
          lease,
          changed: (held) => {
            changes.push(held);
            return Promise.resolve();
          },
        },
      });

      const without = await subject.runTurn(() => Promise.resolve('ran'));
      lease.free = true;
      const withLease = await subject.runTurn(() => Promise.resolve('ran'));
      await subject.stop();

      expect([without, withLease]).toEqual([null, 'ran']);
      expect(lease.released).toBe(1);
      expect(changes).toEqual([true, false]);
      expect(subject.holdsLease).toBe(false);
    });
  });
});
