import { tallyMatches } from './preview-tally.js';

const HOUR = 3_600_000;
const MIDNIGHT = Date.UTC(2026, 10, 28);

describe('tallyMatches', () => {
  const range = { fromMs: MIDNIGHT - 2 * HOUR, toMs: MIDNIGHT + HOUR };

  it('counts every verified match per hour (empty hours listed) and per subreddit, top first', () => {
    const tally = tallyMatches(
      [
        { atMs: MIDNIGHT - 2 * HOUR + 10, subreddit: 'SaaS', weight: 1 },
        { atMs: MIDNIGHT - 2 * HOUR + 20, subreddit: 'saas', weight: 1 },
        { atMs: MIDNIGHT + 5, subreddit: 'startups', weight: 1 },
      ],
      range,
      100,
    );
    expect(tally).toEqual({
      matches: 3,
      estimated: false,
      perHour: [
        { hour: '2026-11-27T22:00:00.000+00:00', matches: 2 },
        { hour: '2026-11-27T23:00:00.000+00:00', matches: 0 },
        { hour: '2026-11-28T00:00:00.000+00:00', matches: 1 },
      ],
      subreddits: [
        { subreddit: 'SaaS', matches: 2 },
        { subreddit: 'startups', matches: 1 },
      ],
      daysOverCap: 0,
    });
  });

  it('scales a sample up by its weights and says so, and counts the UTC days over the cap', () => {
    const sample = [
      ...Array.from({ length: 30 }, (_, i) => ({
        atMs: MIDNIGHT - HOUR + i,
        subreddit: 'a',
        weight: 4,
      })),
      ...Array.from({ length: 5 }, (_, i) => ({
        atMs: MIDNIGHT + i,
        subreddit: 'b',
        weight: 4,
      })),
    ];
    const tally = tallyMatches(sample, range, 100);
    expect(tally.estimated).toBe(true);
    expect(tally.matches).toBe(140);
    expect(tally.perHour.map((hour) => hour.matches)).toEqual([0, 120, 20]);
    expect(tally.subreddits).toEqual([
      { subreddit: 'a', matches: 120 },
      { subreddit: 'b', matches: 20 },
    ]);
    // 120 on the 27th passes a cap of 100; 20 on the 28th does not.
    expect(tally.daysOverCap).toBe(1);
  });

  it('lists at most ten subreddits, ties by name', () => {
    const matches = Array.from({ length: 12 }, (_, i) => ({
      atMs: MIDNIGHT,
      subreddit: `sub${String(i).padStart(2, '0')}`,
      weight: 1,
    }));
    const { subreddits } = tallyMatches(matches, range, 100);
    expect(subreddits.map((entry) => entry.subreddit)).toEqual(
      Array.from({ length: 10 }, (_, i) => `sub${String(i).padStart(2, '0')}`),
    );
  });
});
