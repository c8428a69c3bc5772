import { histogramQuantile } from './pipeline-stages.js';

describe('histogramQuantile', () => {
  const buckets = [
    { le: 0.5, count: 10 },
    { le: 1, count: 50 },
    { le: 2, count: 90 },
    { le: 5, count: 100 },
    { le: Number.POSITIVE_INFINITY, count: 100 },
  ];

  it('interpolates inside the bucket the rank falls in, as histogram_quantile does', () => {
    // Rank 50 of 100 is the top of (0.5, 1]; rank 95 is halfway through (2, 5].
    expect(histogramQuantile(buckets, 0.5)).toBe(1);
    expect(histogramQuantile(buckets, 0.95)).toBe(3.5);
    // Rank 30 is halfway through (0.5, 1]: 20 of its 40.
    expect(histogramQuantile(buckets, 0.3)).toBe(0.75);
  });

  it('interpolates from 0 inside the first bucket', () => {
    expect(histogramQuantile(buckets, 0.05)).toBe(0.25);
  });

  it('answers the last finite bound for ranks past it, and null without observations', () => {
    const over = [
      { le: 1, count: 1 },
      { le: Number.POSITIVE_INFINITY, count: 10 },
    ];
    expect(histogramQuantile(over, 0.95)).toBe(1);
    expect(histogramQuantile([{ le: 1, count: 0 }], 0.5)).toBeNull();
    expect(histogramQuantile([], 0.5)).toBeNull();
  });

  it('takes buckets in any order', () => {
    expect(histogramQuantile([...buckets].reverse(), 0.95)).toBe(3.5);
  });
});
