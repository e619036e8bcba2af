import { describe, expect, it } from 'vitest';
import type { LabResult } from '../../../lab/contracts/index.ts';
import { compareResults, falseAlarmChance } from '../../../lab/report/compare/compare.ts';
import { renderComparison } from '../../../lab/report/compare/compare-text.ts';
import { labResult } from './lab-result.fixture.ts';

// Every run (and every figure derived from the runs) `factor` times slower.
const slowed = (result: LabResult, factor: number): LabResult => ({
  ...result,
  configs: result.configs.map((c) => ({
    ...c,
    runs: c.runs.map((r) => ({ ...r, totalMs: r.totalMs * factor })),
    medianMs: c.medianMs === null ? null : c.medianMs * factor,
    minMs: c.minMs === null ? null : c.minMs * factor,
    maxMs: c.maxMs === null ? null : c.maxMs * factor,
    opsPerSec: c.opsPerSec === null ? null : c.opsPerSec / factor,
    latencyUs: c.latencyUs === null ? null : { ...c.latencyUs, p99: c.latencyUs.p99 * factor },
  })),
});

describe('compareResults', () => {
  it('finds no change beyond noise when a result is compared with itself', () => {
    const comparison = compareResults(labResult, labResult, 10);
    expect(comparison.pass).toBe(true);
    expect(comparison.configs).toHaveLength(labResult.configs.length);
    expect(comparison.configs.every((c) => c.noise !== 'beyond' && c.failure === null && c.medianMs.changePct === 0)).toBe(true);
    expect(renderComparison(comparison)).toMatch(/\nPASS: /);
  });

  it('fails a copy with every run 1.5x slower, naming exactly the configs judged beyond noise', () => {
    const comparison = compareResults(labResult, slowed(labResult, 1.5), 10);
    expect(comparison.pass).toBe(false);
    const failed = comparison.configs.filter((c) => c.failure !== null).map((c) => c.id);
    // 3 verified runs each side, tight spreads: judged and beyond noise.
    expect(failed).toEqual(['sync@rtt=0ms', 'pipeline:256@rtt=0ms', 'sync@direct', 'sync@rtt=10ms']);
    // 1 and 2 verified runs per side: too few to judge (chance 1 and 0.33), so not failed.
    expect(comparison.configs.find((c) => c.id === 'pipeline:256@rtt=10ms')?.noise).toBe('too-few-runs');
    expect(comparison.configs.find((c) => c.id.startsWith('multi:8'))?.noise).toBe('too-few-runs');
    const text = renderComparison(comparison);
    expect(text).toMatch(/\nFAIL: sync@rtt=0ms: median 50\.0% slower/);
    for (const id of failed) expect(text).toContain(`${id}: median 50.0% slower`);
  });

  it('does not fail a slowdown within the runs\u2019 spread or under the threshold', () => {
    const noisy: LabResult = {
      ...labResult,
      configs: labResult.configs.map((c) => (c.id === 'sync@rtt=0ms' ? { ...c, runs: [100, 200, 400].map((totalMs, order) => ({ order, totalMs, verified: true, clientGcMs: 0 })), medianMs: 200 } : c)),
    };
    const within = compareResults(noisy, slowed(noisy, 1.5), 10).configs.find((c) => c.id === 'sync@rtt=0ms');
    expect(within).toMatchObject({ noise: 'within', failure: null });
    const small = compareResults(labResult, slowed(labResult, 1.05), 10);
    expect(small.configs.find((c) => c.id === 'sync@rtt=0ms')?.noise).toBe('beyond');
    expect(small.pass).toBe(true);
  });

  it('lists configs present in one result only and reports changed verdicts, failing only a change to UNSAFE', () => {
    const reconcile = labResult.reconcile ?? [];
    const next: LabResult = {
      ...labResult,
      configs: [...labResult.configs.slice(1), { ...labResult.configs[1]!, id: 'sync@rtt=50ms' }],
      reconcile: reconcile.map((e) => (e.verdict === 'SAFE' && e.policy === 'idempotent' ? { ...e, verdict: 'UNSAFE' as const } : e.verdict === 'UNSAFE' ? { ...e, verdict: 'SAFE' as const } : e)),
    };
    const comparison = compareResults(labResult, next, 10);
    expect(comparison.onlyInBase).toEqual([labResult.configs[0]!.id]);
    expect(comparison.onlyInNew).toEqual(['sync@rtt=50ms']);
    expect(comparison.verdictChanges.some((v) => v.next === 'SAFE' && !v.fails)).toBe(true);
    expect(comparison.verdictChanges.some((v) => v.base === 'SAFE' && v.next === 'UNSAFE' && v.fails)).toBe(true);
    expect(comparison.pass).toBe(false);
    expect(renderComparison(comparison)).toContain('(FAIL: now UNSAFE)');
  });

  it('computes the chance of non-overlapping ranges by chance as 2 / C(m+n, m)', () => {
    expect(falseAlarmChance(3, 3)).toBeCloseTo(0.1, 10);
    expect(falseAlarmChance(5, 5)).toBeCloseTo(2 / 252, 10);
    expect(falseAlarmChance(1, 1)).toBe(1);
    expect(falseAlarmChance(0, 3)).toBeNull();
  });

  it('rejects a negative threshold', () => {
    expect(() => compareResults(labResult, labResult, -1)).toThrow(/thresholdPct/);
  });
});
