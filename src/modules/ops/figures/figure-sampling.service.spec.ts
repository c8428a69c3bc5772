import { pino } from 'pino';
import { FixedClock } from '../../../common/time/clock.js';
import type { AppConfig } from '../../../config/app-config.js';
import type { FigureReadings } from './figure-readings.js';
import { FigureSamplingService } from './figure-sampling.service.js';
import type { OperationSampleStore } from './operation-sample.store.js';
import type { Reading, Sample } from './sampled-figures.js';

const MINUTE = 60_000;

describe('FigureSamplingService', () => {
  let total: number;
  let failWrites: boolean;
  let stored: Sample[];
  let errors: string[];
  let service: FigureSamplingService;

  beforeEach(() => {
    total = 0;
    failWrites = false;
    stored = [];
    errors = [];
    const readings = {
      read: (): Promise<Reading[]> =>
        Promise.resolve([{ metric: 'reddit.items', subject: '', value: total, kind: 'counter' }]),
    } as unknown as FigureReadings;
    const store = {
      write: (samples: readonly Sample[]) => {
        if (failWrites) return Promise.reject(new Error('database unavailable'));
        stored.push(...samples);
        return Promise.resolve();
      },
    } as unknown as OperationSampleStore;
    const logger = pino({ level: 'error' }, { write: (line: string) => void errors.push(line) });
    service = new FigureSamplingService(
      { backgroundJobs: true } as AppConfig,
      logger,
      'host:1:ab',
      readings,
      store,
      new FixedClock(new Date(10 * MINUTE)),
    );
  });

  it("logs a failed write, never throws, and writes that minute's counts with the next one", async () => {
    total = 30;
    failWrites = true;
    expect(await service.sampleMinute(0)).toEqual({ minute: 0, written: 0, failed: true });
    expect(errors.join('')).toContain('operation samples not written');

    total = 50;
    failWrites = false;
    expect(await service.sampleMinute(MINUTE)).toEqual({
      minute: MINUTE,
      written: 2,
      failed: false,
    });
    expect(stored.map(({ minute, value }) => [minute, value])).toEqual([
      [0, 30],
      [MINUTE, 20],
    ]);
  });

  it('samples the minute that just ended, on the wall clock', async () => {
    total = 5;
    await service.everyMinute();
    expect(stored).toEqual([
      {
        minute: 9 * MINUTE,
        instanceId: 'host:1:ab',
        metric: 'reddit.items',
        subject: '',
        value: 5,
      },
    ]);
  });
});
