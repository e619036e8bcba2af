import { describe, expect, it } from 'vitest';
import { max, median, min, percentile } from '../../../lab/metrics/index.ts';

describe('run-time stats', () => {
  it('takes the middle of an odd count and averages the middle two of an even count', () => {
    expect(median([30, 10, 20])).toBe(20);
    expect(median([40, 10, 30, 20])).toBe(25);
    expect(median([7])).toBe(7);
  });

  it('interpolates percentiles linearly between closest ranks', () => {
    const xs = [10, 20, 30, 40, 50];
    expect(percentile(xs, 0)).toBe(10);
    expect(percentile(xs, 100)).toBe(50);
    expect(percentile(xs, 10)).toBeCloseTo(14);
    expect(percentile(xs, 90)).toBeCloseTo(46);
    expect(() => percentile(xs, 101)).toThrow(TypeError);
  });

  it('returns min and max without reordering the input', () => {
    const xs = [3, 1, 2];
    expect(min(xs)).toBe(1);
    expect(max(xs)).toBe(3);
    expect(median(xs)).toBe(2);
    expect(xs).toEqual([3, 1, 2]);
  });

  it('returns null for empty input', () => {
    expect(median([])).toBeNull();
    expect(min([])).toBeNull();
    expect(max([])).toBeNull();
    expect(percentile([], 50)).toBeNull();
  });
});
