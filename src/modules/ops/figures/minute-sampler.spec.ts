import { MinuteSampler } from './minute-sampler.js';
import type { Reading } from './sampled-figures.js';

const MINUTE = 60_000;
const requests = (value: number): Reading => ({
  metric: 'reddit.requests',
  subject: 'info',
  value,
  kind: 'counter',
});

describe('MinuteSampler', () => {
  it("writes each minute a counter's growth over that minute, under this instance", () => {
    const sampler = new MinuteSampler('host:1:ab');
    expect(sampler.sample(0, [requests(40)])).toEqual([
      { minute: 0, instanceId: 'host:1:ab', metric: 'reddit.requests', subject: 'info', value: 40 },
    ]);
    sampler.written();
    expect(sampler.sample(MINUTE, [requests(100)]).map((s) => s.value)).toEqual([60]);
  });

  it('leaves out counters that did not move, and writes gauges as they are', () => {
    const sampler = new MinuteSampler('a');
    sampler.sample(0, [requests(5)]);
    sampler.written();
    const samples = sampler.sample(MINUTE, [
      requests(5),
      { metric: 'delivery.slots', subject: '', value: 64, kind: 'gauge' },
    ]);
    expect(samples.map(({ metric, value }) => [metric, value])).toEqual([['delivery.slots', 64]]);
  });

  it('counts the whole total when a counter went back (a new poller)', () => {
    const sampler = new MinuteSampler('a');
    sampler.sample(0, [requests(90)]);
    sampler.written();
    expect(sampler.sample(MINUTE, [requests(7)]).map((s) => s.value)).toEqual([7]);
  });

  it('keeps the samples of a failed write for the next one, without counting them twice', () => {
    const sampler = new MinuteSampler('a');
    sampler.sample(0, [requests(10)]);
    // The write of minute 0 failed: written() was not called.
    const retried = sampler.sample(MINUTE, [requests(25)]);
    expect(retried.map(({ minute, value }) => [minute, value])).toEqual([
      [0, 10],
      [MINUTE, 15],
    ]);
    sampler.written();
    expect(sampler.sample(2 * MINUTE, [requests(25)])).toEqual([]);
  });

  it('writes figures read from the database under the instance they name', () => {
    const sampler = new MinuteSampler('a');
    const [sample] = sampler.sample(0, [
      { metric: 'alerts.stored', subject: '', value: 3, kind: 'gauge', instanceId: 'database' },
    ]);
    expect(sample.instanceId).toBe('database');
  });
});
