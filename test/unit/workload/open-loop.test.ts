// The open-loop schedule is fixed before the run: k/rate, or seeded exponential gaps.

import { describe, expect, it } from 'vitest';
import { scheduleOffsetsUs } from '../../../lab/workload/open-loop.ts';

describe('open-loop schedule', () => {
  it('constant: request k at k/rate', () => {
    expect([...scheduleOffsetsUs({ ratePerSec: 100, requests: 4, process: 'constant' }, 1)]).toEqual([0, 10_000, 20_000, 30_000]);
  });

  it('poisson: the same gaps for the same seed, mean gap 1/rate, some shorter and some longer', () => {
    const a = scheduleOffsetsUs({ ratePerSec: 1000, requests: 20_000, process: 'poisson' }, 7);
    const b = scheduleOffsetsUs({ ratePerSec: 1000, requests: 20_000, process: 'poisson' }, 7);
    expect([...a.slice(0, 50)]).toEqual([...b.slice(0, 50)]);
    const meanGapUs = (a[a.length - 1] ?? 0) / (a.length - 1);
    expect(meanGapUs).toBeGreaterThan(970);
    expect(meanGapUs).toBeLessThan(1030);
    const gaps = Array.from({ length: 1000 }, (_, k) => (a[k + 1] ?? 0) - (a[k] ?? 0));
    expect(gaps.some((g) => g < 300)).toBe(true);
    expect(gaps.some((g) => g > 3000)).toBe(true);
  });
});
