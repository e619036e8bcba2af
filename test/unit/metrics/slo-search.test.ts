// The rate an SLO allows (issue 26), the search's arithmetic: bracket geometrically from the first
// rate, bisect on the geometric mean, a saturated probe never meets the objective and its achieved
// rate is probed next, and the search stops bracketed, at its ceiling, at its probe limit, or
// when nothing meets the objective.

import { describe, expect, it } from 'vitest';
import type { ConfigResult, SloProbe, SloSearchOptions } from '../../../lab/contracts/index.ts';
import { nextSloProbe, sloProbeOf, sloSearchOf } from '../../../lab/metrics/index.ts';

const options: SloSearchOptions = { objective: 'request p(99) < 100ms', metric: 'requestP99Us', op: '<', value: 100_000, writtenUnit: 'ms', within: 0.05, maxProbes: 16, maxPerSec: 100_000 };

// A system that keeps up to `capacity` requests/s: p99 of 40 ms below, growing past it.
const probeAt = (capacity: number) => (rate: number): SloProbe => {
  const over = rate > capacity;
  const actual = over ? 40_000 + (rate / capacity - 1) * 3_000_000 : 40_000;
  const saturated = rate > 1.5 * capacity;
  return { offeredPerSec: rate, achievedPerSec: Math.min(rate, capacity), actual, saturated, met: !saturated && actual < 100_000, verifiedRuns: 1, runs: 1 };
};

// Runs a whole search against a model system.
const search = (capacity: number, start: number, opts: SloSearchOptions = options) => {
  const probes: SloProbe[] = [];
  for (;;) {
    const step = nextSloProbe(opts, start, probes);
    if ('stopped' in step) return sloSearchOf(opts, probes, step.stopped);
    probes.push(probeAt(capacity)(step.ratePerSec));
  }
};

describe('SLO rate search', () => {
  it('brackets upwards by doubling, jumps to a saturated probe\'s achieved rate, and bisects to within 5 %', () => {
    const found = search(200, 20);
    expect(found.probes.slice(0, 5).map((p) => p.offeredPerSec)).toEqual([20, 40, 80, 160, 320]);
    // 320/s saturated, achieving 200/s: the next probe is 200/s.
    expect(found.probes[5]?.offeredPerSec).toBe(200);
    expect(found.stopped).toMatch(/^bracketed/);
    expect(found.foundPerSec).not.toBeNull();
    expect(found.missedPerSec! / found.foundPerSec!).toBeLessThanOrEqual(1.05);
    // 100 ms at p99 allows 2 % over capacity in this model.
    expect(found.foundPerSec! / 200).toBeGreaterThan(0.95);
    expect(found.foundPerSec! / 200).toBeLessThan(1.021);
  });

  it('brackets downwards by halving when the first rate misses', () => {
    const found = search(30, 1000);
    expect(found.probes.slice(0, 2).map((p) => p.offeredPerSec)).toEqual([1000, 30]);
    expect(found.foundPerSec! / 30).toBeGreaterThan(0.95);
    const halving = search(30, 40);
    expect(halving.probes.slice(0, 2).map((p) => p.offeredPerSec)).toEqual([40, 20]);
    expect(halving.stopped).toMatch(/^bracketed/);
  });

  it('stops at its ceiling, at its probe limit, and when nothing meets the objective', () => {
    expect(search(1e9, 100, { ...options, maxPerSec: 500 }).stopped).toBe('met up to the ceiling of 500/s');
    const limited = search(200, 20, { ...options, maxProbes: 3 });
    expect([limited.probes.length, limited.stopped]).toEqual([3, 'probe limit: 3 probes']);
    const never = sloSearchOf(options, [], 'x');
    expect(never.foundPerSec).toBeNull();
    const none: SloProbe[] = [];
    for (;;) {
      const step = nextSloProbe(options, 8, none);
      if ('stopped' in step) {
        expect(step.stopped).toBe('not met even at 1/s');
        break;
      }
      none.push({ ...probeAt(1)(step.ratePerSec), actual: 500_000, saturated: false, met: false });
    }
    expect(none.map((p) => p.offeredPerSec)).toEqual([8, 4, 2, 1]);
  });

  it('judges a probe from its config: the metric through the registry, a saturated or unmeasured one never met', () => {
    const config = (p99: number | null, saturated: boolean) =>
      ({ runs: [{ order: 0, totalMs: 1, verified: true, clientGcMs: 0 }], requestLatencyUs: p99 === null ? null : { p99 }, schedule: { achievedPerSec: 9 }, saturation: { saturated, reason: '' } }) as unknown as ConfigResult;
    expect(sloProbeOf(options, 10, config(50_000, false))).toEqual({ offeredPerSec: 10, achievedPerSec: 9, actual: 50_000, saturated: false, met: true, verifiedRuns: 1, runs: 1 });
    expect(sloProbeOf(options, 10, config(50_000, true)).met).toBe(false);
    expect(sloProbeOf(options, 10, config(null, false)).met).toBe(false);
    expect(sloProbeOf(options, 10, config(150_000, false)).met).toBe(false);
  });
});
