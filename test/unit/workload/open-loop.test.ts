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

  it('a linear ramp: the rate rises from its start to its end, over requests / mean rate', () => {
    // 100/s..300/s for 400 requests: mean 200/s over 2 s; N(t) = 100 t + 50 t², so request k
    // starts at (sqrt(100² + 200 k) - 100) / 100 s.
    const a = scheduleOffsetsUs({ ratePerSec: 200, ramp: { fromPerSec: 100, toPerSec: 300 }, requests: 400, process: 'constant' }, 1);
    expect(a[0]).toBe(0);
    expect(a[1]).toBeCloseTo(((Math.sqrt(100 * 100 + 200) - 100) / 100) * 1e6, 3);
    expect((a[399] ?? 0) / 1e6).toBeGreaterThan(1.98); // the last start falls just before T = 2 s
    expect((a[399] ?? 0) / 1e6).toBeLessThan(2);
    // The first gap is about 1/100 s, the last about 1/300 s.
    expect((a[1] ?? 0) - (a[0] ?? 0)).toBeGreaterThan(9_000);
    expect((a[399] ?? 0) - (a[398] ?? 0)).toBeLessThan(3_500);
    // A falling ramp mirrors it; Poisson over a ramp keeps the seeded draws and the same span.
    const down = scheduleOffsetsUs({ ratePerSec: 200, ramp: { fromPerSec: 300, toPerSec: 100 }, requests: 400, process: 'constant' }, 1);
    expect((down[1] ?? 0) - (down[0] ?? 0)).toBeLessThan(3_500);
    const p = scheduleOffsetsUs({ ratePerSec: 200, ramp: { fromPerSec: 100, toPerSec: 300 }, requests: 400, process: 'poisson' }, 7);
    expect((p[399] ?? 0) / 1e6).toBeGreaterThan(1.6);
    expect((p[399] ?? 0) / 1e6).toBeLessThan(2.4);
  });
});

