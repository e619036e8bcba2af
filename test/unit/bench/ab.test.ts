import { describe, expect, it } from 'vitest';
import { alternate, judgeOverhead, medianInterval, pairOrder, pairRatios, summarizeRatios } from '../../bench/ab.ts';

describe('pairOrder / alternate', () => {
  it('alternates AB, BA, AB, ...', () => {
    expect([0, 1, 2, 3].map(pairOrder)).toEqual([['A', 'B'], ['B', 'A'], ['A', 'B'], ['B', 'A']]);
  });

  it('runs both sides once per pair in that order and keeps each side its own result', async () => {
    const log: string[] = [];
    let a = 0;
    let b = 100;
    const seen: number[] = [];
    const pairs = await alternate(
      3,
      async () => (log.push('A'), ++a),
      async () => (log.push('B'), ++b),
      (_pair, i) => seen.push(i),
    );
    expect(log).toEqual(['A', 'B', 'B', 'A', 'A', 'B']);
    expect(pairs).toEqual([
      { a: 1, b: 101, first: 'A' },
      { a: 2, b: 102, first: 'B' },
      { a: 3, b: 103, first: 'A' },
    ]);
    expect(seen).toEqual([0, 1, 2]);
  });

  it('rejects a pair count that is not a positive whole number', async () => {
    await expect(alternate(0, async () => 1, async () => 1)).rejects.toThrow(RangeError);
    await expect(alternate(2.5, async () => 1, async () => 1)).rejects.toThrow(RangeError);
  });
});

describe('medianInterval', () => {
  it('gives the exact order-statistic ranks and coverage', () => {
    expect(medianInterval(8)).toEqual({ lowRank: 1, highRank: 8, coverage: 1 - 2 / 256 });
    expect(medianInterval(10)).toEqual({ lowRank: 2, highRank: 9, coverage: 1 - (2 * 11) / 1024 });
    expect(medianInterval(12)).toEqual({ lowRank: 3, highRank: 10, coverage: 1 - (2 * 79) / 4096 });
  });

  it('is undefined when too few values can reach the level', () => {
    expect(medianInterval(5)).toBeUndefined();
    expect(medianInterval(6)?.lowRank).toBe(1);
  });
});

describe('pairRatios / summarizeRatios', () => {
  it('divides pair by pair', () => {
    expect(pairRatios([110, 200], [100, 100])).toEqual([1.1, 2]);
    expect(() => pairRatios([1], [1, 2])).toThrow(RangeError);
  });

  it('summarises median, spread and the interval from the sorted ratios', () => {
    const ratios = [1.1, 0.9, 1.0, 1.05, 0.95, 1.02, 0.98, 1.2, 1.01, 0.99];
    const s = summarizeRatios(ratios);
    expect(s.pairs).toBe(10);
    expect(s.median).toBeCloseTo(1.005, 10);
    expect(s.min).toBe(0.9);
    expect(s.max).toBe(1.2);
    expect(s.p10).toBeCloseTo(0.945, 10); // rank 0.9 between 0.9 and 0.95
    expect(s.p90).toBeCloseTo(1.11, 10); // rank 8.1 between 1.1 and 1.2
    expect(s.ci).toEqual({ low: 0.95, high: 1.1, coverage: 1 - (2 * 11) / 1024 }); // ranks 2 and 9
    expect(ratios[0]).toBe(1.1); // the caller's array is not reordered
  });
});

describe('judgeOverhead', () => {
  const tight = (center: number) => summarizeRatios(Array.from({ length: 10 }, (_, i) => center + (i - 4.5) * 0.001));

  it('meets the goal only when the whole interval is at or below it', () => {
    const j = judgeOverhead(tight(1.01), 1.03);
    expect(j.verdict).toBe('meets');
    expect(j.text).toContain('MEETS the 3.0% goal');
  });

  it('misses the goal only when the whole interval is above it', () => {
    expect(judgeOverhead(tight(1.08), 1.03).verdict).toBe('misses');
  });

  it('cannot tell when the interval straddles the goal', () => {
    const wide = summarizeRatios([0.95, 0.97, 0.99, 1.0, 1.01, 1.02, 1.04, 1.06, 1.08, 1.1]);
    const j = judgeOverhead(wide, 1.03);
    expect(j.verdict).toBe('unclear');
    expect(j.text).toContain('straddles');
  });

  it('cannot tell with too few pairs, whatever the median', () => {
    expect(judgeOverhead(summarizeRatios([1.0, 1.0, 1.0]), 1.03).verdict).toBe('unclear');
  });
});
