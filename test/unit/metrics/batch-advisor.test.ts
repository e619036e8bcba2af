// The batch-size advisor (issue 27, item 4), the search's arithmetic on pure inputs: rise by
// doubling while the budgets hold, halve when the first size misses, refine between the advised
// size and the next one probed above it, ties on throughput go to the smaller size, and a budget
// nothing meets ends in "no size meets" with no advice.

import { describe, expect, it } from 'vitest';
import type { AdviseBudgets, AdviseProbe, ConfigResult } from '../../../lab/contracts/index.ts';
import { adviceOf, adviseProbeOf, advisedProbe, missedBudgets, nextAdviseProbe } from '../../../lab/metrics/index.ts';

const options = { within: 0.1, maxProbes: 16 };

// A model pipeline at 10 ms rtt: a batch of B takes 10 ms + 5 µs x B; throughput B / that;
// heap grows 2 KB per queued command; each reply is 4 bytes.
const model = (budgets: AdviseBudgets) => (batch: number): AdviseProbe => {
  const batchUs = 10_000 + 5 * batch;
  const figures = { requestP99Us: batchUs, clientMemoryBytes: 2048 * batch, serverOutputBufferBytes: 4 * batch };
  const missed = missedBudgets(budgets, figures);
  return { batch, opsPerSec: (batch / batchUs) * 1e6, sampledOutputBufferBytes: 0, ...figures, missed, met: missed.length === 0, verifiedRuns: 1, runs: 1 };
};

const search = (budgets: AdviseBudgets, start: number, ceiling: number, probeAt = model(budgets), opts = options) => {
  const probes: AdviseProbe[] = [];
  for (;;) {
    const step = nextAdviseProbe(opts, start, ceiling, probes);
    if ('stopped' in step) return adviceOf(budgets, probes, step.stopped);
    probes.push(probeAt(step.batch));
  }
};

describe('batch-size advisor search', () => {
  it('doubles from the first size while the budgets hold, then refines to the budget edge', () => {
    // 20 ms at p99 allows B <= 2000 in the model.
    const advice = search({ requestP99Us: 20_000 }, 100, 100_000);
    expect(advice.probes.slice(0, 6).map((p) => p.batch)).toEqual([100, 200, 400, 800, 1600, 3200]);
    expect(advice.probes[5]?.missed).toEqual(['request-p99']);
    expect(advice.stopped).toMatch(/^refined/);
    expect(advice.advisedBatch).not.toBeNull();
    expect(advice.advisedBatch!).toBeLessThanOrEqual(2000);
    expect(advice.firstMissedBatch! / advice.advisedBatch!).toBeLessThanOrEqual(1.1);
    expect(advice.advisedBatch! / 2000).toBeGreaterThan(0.9);
  });

  it('halves when the first size already misses, and says when nothing meets', () => {
    const advice = search({ serverOutputBufferBytes: 64 }, 100, 10_000);
    // 4 bytes a reply: 16 fit.
    expect(advice.probes.slice(0, 4).map((p) => p.batch)).toEqual([100, 50, 25, 13]);
    expect(advice.advisedBatch).toBe(16);
    const none = search({ requestP99Us: 5_000 }, 100, 10_000);
    expect(none.advisedBatch).toBeNull();
    expect(none.advisedOpsPerSec).toBeNull();
    expect(none.stopped).toBe('no size meets the budgets: missed even at 1');
    expect(none.probes.at(-1)?.batch).toBe(1);
  });

  it('stops at the ceiling when every size meets the budgets', () => {
    const advice = search({ clientMemoryBytes: 1e12 }, 1000, 5000);
    expect(advice.probes.map((p) => p.batch)).toEqual([1000, 2000, 4000, 5000]);
    expect(advice.stopped).toBe('met up to the ceiling of 5000');
    expect(advice.advisedBatch).toBe(5000);
    expect(advice.firstMissedBatch).toBeNull();
  });

  it('gives a throughput plateau to the smallest size within 5 % of the best', () => {
    const flat = (batch: number): AdviseProbe => ({ ...model({})(batch), opsPerSec: batch >= 400 ? 100_000 - batch : batch * 200 });
    const advice = search({}, 100, 3200, flat);
    expect(advisedProbe(advice.probes)?.batch).toBe(advice.advisedBatch);
    // 400..3200 are all within 5 % of the best (99,600/s at 400): 400 is advised.
    expect(advice.advisedBatch).toBe(400);
  });

  it('rises past one noisy dip in throughput, and stops rising after two depths slower than the fastest', () => {
    // 400 reads slower than 200 once (3,000 against 4,000 ops/s); 1600 and 3200 are past the peak.
    const dip = (batch: number): AdviseProbe => ({ ...model({})(batch), opsPerSec: batch === 400 ? 3000 : batch <= 800 ? batch * 20 : 16_000 - batch });
    const advice = search({}, 100, 100_000, dip);
    expect(advice.probes.slice(0, 6).map((p) => p.batch)).toEqual([100, 200, 400, 800, 1600, 3200]);
    expect(advice.probes.some((p) => p.batch > 3200)).toBe(false);
    expect(advice.advisedBatch).toBeGreaterThanOrEqual(800);
    expect(advice.advisedBatch).toBeLessThan(1600);
  });

  it('stops at the probe limit with the best size so far', () => {
    const advice = search({ requestP99Us: 20_000 }, 1, 100_000, undefined, { within: 0.01, maxProbes: 5 });
    expect(advice.probes).toHaveLength(5);
    expect(advice.stopped).toBe('probe limit: 5 probes');
    expect(advice.advisedBatch).toBe(16);
  });

  it('reads a probe from a config: batch p99, heap growth, reply bytes per batch from the server\'s output bytes', () => {
    const config = {
      commands: 1000,
      opsPerSec: 50_000,
      latencyUs: { p50: 1000, p90: 1500, p99: 2000, p999: 2100, max: 2200, count: 1000 },
      clientHeapGrowthBytes: 3_000_000,
      runs: [{ verified: true }, { verified: true }],
      serverInfo: { netOutputBytes: 2 * 1000 * 5, clientRecentMaxOutputBufferBytes: 123 },
    } as unknown as ConfigResult;
    const probe = adviseProbeOf({ requestP99Us: 1500, serverOutputBufferBytes: 1000 }, 100, config);
    expect(probe.serverOutputBufferBytes).toBe(500);
    expect(probe.sampledOutputBufferBytes).toBe(123);
    expect(probe.clientMemoryBytes).toBe(3_000_000);
    expect(probe.missed).toEqual(['request-p99']);
    expect(probe.met).toBe(false);
    // Read from a cluster's primaries: the busiest primary's bytes, the one primary a hash-tagged batch went to.
    const cluster = { ...config, serverInfo: { netOutputBytes: 2 * 1000 * 5 + 4000, busiestNodeNetOutputBytes: 2 * 1000 * 5, clientRecentMaxOutputBufferBytes: 123 } } as unknown as ConfigResult;
    expect(adviseProbeOf({ serverOutputBufferBytes: 1000 }, 100, cluster).serverOutputBufferBytes).toBe(500);
    // A figure not measured misses its budget.
    expect(missedBudgets({ clientMemoryBytes: 1 }, { requestP99Us: null, clientMemoryBytes: null, serverOutputBufferBytes: null })).toEqual(['client-memory']);
  });
});
