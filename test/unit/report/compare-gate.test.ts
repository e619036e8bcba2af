// compare as a CI gate: nothing in common is an error, a config on one side only fails unless
// missing ones are allowed, and the registry's request figures (request p50/p99, service p99,
// achieved rate) are judged by their rules. Histograms are real HDR encodings of known values.

import { describe, expect, it } from 'vitest';
import type { ConfigResult, LabResult, LatencySummaryUs, ScheduleHealth } from '../../../lab/contracts/index.ts';
import { isLabError } from '../../../lab/errors/index.ts';
import { createLatencyHistogram, recordUs, summarizeLatency } from '../../../lab/metrics/index.ts';
import { compareResults } from '../../../lab/report/compare/compare.ts';
import { renderComparison } from '../../../lab/report/compare/compare-text.ts';
import { COMPARED_METRICS } from '../../../lab/report/compare/metric-change.ts';
import { labResult } from './lab-result.fixture.ts';

const summaryOf = (valuesUs: readonly number[]): LatencySummaryUs => {
  const h = createLatencyHistogram();
  for (const v of valuesUs) recordUs(h, v);
  const summary = summarizeLatency(h);
  h.destroy();
  return summary;
};

// 2000 requests spread 40-51 ms (p99 about 50.9 ms), each scaled by `factor`.
const requestsUs = (factor: number, n = 2000): number[] => Array.from({ length: n }, (_, i) => (40_000 + (i % 100) * 110) * factor);

const schedule = (achievedPerSec: number): ScheduleHealth => ({
  offeredPerSec: 400, achievedPerSec, scheduled: 2000, completed: 2000, unfinished: 0, worstLateMs: 0.5, lateStarts: 0,
  eventLoopDelayP99Ms: 1, eventLoopDelayMaxMs: 2, generatorBound: false,
});

const template = labResult.configs.find((c) => c.id === 'sync@rtt=0ms') as ConfigResult;

const openLoop = (requestFactor: number, achievedPerSec = 400, n = 2000): ConfigResult => ({
  ...template,
  id: 'requests@rtt=10ms,rate=400/s',
  requests: n,
  waitsPerRequest: 4,
  requestLatencyUs: summaryOf(requestsUs(requestFactor, n)),
  serviceLatencyUs: summaryOf(requestsUs(1, n).map((v) => v / 4)),
  schedule: schedule(achievedPerSec),
});

const resultOf = (...configs: ConfigResult[]): LabResult => ({ ...labResult, configs, reconcile: [] });

describe('compare: nothing in common is an error', () => {
  it('throws E_COMPARE_NOTHING naming both files and some ids of each', () => {
    const base = resultOf(...labResult.configs.slice(0, 3));
    const next = resultOf(...labResult.configs.slice(0, 3).map((c) => ({ ...c, id: `${c.id},renamed` })));
    let thrown: unknown;
    try {
      compareResults(base, next, 10, { names: { base: 'old.json', next: 'new.json' } });
    } catch (error) {
      thrown = error;
    }
    expect(isLabError(thrown) && thrown.code).toBe('E_COMPARE_NOTHING');
    const message = (thrown as Error).message;
    expect(message).toContain('old.json and new.json have no config or reconcile row in common');
    expect(message).toContain(`old.json has ${labResult.configs[0]!.id}`);
    expect(message).toContain(`new.json has ${labResult.configs[0]!.id},renamed`);
  });

  it('throws for two empty results too, and not for results sharing only reconcile rows', () => {
    expect(() => compareResults(resultOf(), resultOf(), 10)).toThrow(/no config or reconcile row in common/);
    const rowsOnly: LabResult = { ...labResult, configs: [] };
    expect(compareResults(rowsOnly, rowsOnly, 10).pass).toBe(true);
  });
});

describe('compare: a config on one side only', () => {
  const base = resultOf(...labResult.configs);
  const next = resultOf(...labResult.configs.slice(1));
  const gone = labResult.configs[0]!.id;

  it('fails, naming the config', () => {
    const comparison = compareResults(base, next, 10);
    expect(comparison.pass).toBe(false);
    const text = renderComparison(comparison);
    expect(text).toContain(`Only in base, FAIL unless --allow-missing:\n  ${gone}`);
    expect(text).toMatch(new RegExp(`\\nFAIL: .*${gone.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: only in base`));
  });

  it('is listed as skipped with allowMissing, and the rest decides', () => {
    const comparison = compareResults(base, next, 10, { allowMissing: true });
    expect(comparison.pass).toBe(true);
    const text = renderComparison(comparison);
    expect(text).toContain(`Only in base, skipped (--allow-missing):\n  ${gone}`);
    expect(text).toMatch(/\nPASS: .*configs on one side only skipped/);
    expect(compareResults(resultOf(...labResult.configs), resultOf(...labResult.configs.slice(1).map((c) => ({ ...c, medianMs: null }))), 10, { allowMissing: true }).pass).toBe(false);
  });
});

describe('compare: request figures from the registry', () => {
  it('judges exactly the registry entries with a compare rule', () => {
    expect(COMPARED_METRICS.map((m) => m.name)).toEqual(['request p(50)', 'request p(99)', 'service p(99)', 'achieved/s', 'knee/s', 'max-rate', 'advised-batch', 'advised-ops/s', 'advised-window', 'saturated', 'bystander-p(99)', 'bystander-other-p(99)']);
  });

  it('passes the same open-loop config, judging all four figures', () => {
    const comparison = compareResults(resultOf(openLoop(1)), resultOf(openLoop(1)), 10);
    expect(comparison.pass).toBe(true);
    expect(comparison.configs[0]!.metrics.map((m) => [m.name, m.noise])).toEqual([
      ['request p(50)', 'within'],
      ['request p(99)', 'within'],
      ['service p(99)', 'within'],
      ['achieved/s', 'beyond'],
    ]);
  });

  it('fails when request p99 doubles (50.9 -> 101.8 ms), naming the metric, though the median did not move', () => {
    const comparison = compareResults(resultOf(openLoop(1)), resultOf(openLoop(2)), 10);
    expect(comparison.pass).toBe(false);
    const config = comparison.configs[0]!;
    expect(config.medianMs.changePct).toBe(0);
    const p99 = config.metrics.find((m) => m.name === 'request p(99)')!;
    expect(p99.changePct).toBeCloseTo(100, 0);
    expect(p99.noise).toBe('beyond');
    expect(config.failure).toContain('request p(99) +100.0% (threshold 10%), beyond its sampling error');
    expect(config.failure).toContain('request p(50) +100.0%');
    expect(config.failure).not.toContain('service p(99)');
    expect(renderComparison(comparison)).toMatch(/\nFAIL: requests@rtt=10ms,rate=400\/s: request p\(50\) .*request p\(99\) \+100\.0%/);
  });

  it('does not fail a percentile rise under the threshold, nor one within its sampling error', () => {
    expect(compareResults(resultOf(openLoop(1)), resultOf(openLoop(1.05)), 10).pass).toBe(true);
    // 120 requests: 100 at 1 ms and a tail of 20 from 2 to 40 ms; p99's interval spans ranks
    // 118 to 120 (36-40 ms), so the tail 10 % slower (p99 +10 %, from 39.6 ms) still overlaps it.
    const tail = (factor: number) => [...Array.from({ length: 100 }, () => 1000), ...Array.from({ length: 20 }, (_, i) => 2000 * (i + 1) * factor)];
    const few = (factor: number): ConfigResult => ({ ...openLoop(1), requests: 120, requestLatencyUs: summaryOf(tail(factor)) });
    const comparison = compareResults(resultOf(few(1)), resultOf(few(1.1)), 5);
    const p99 = comparison.configs[0]!.metrics.find((m) => m.name === 'request p(99)')!;
    expect(p99.changePct).toBeGreaterThan(5);
    expect(p99.noise).toBe('within');
    expect(p99.failure).toBeNull();
    expect(p99.baseInterval?.[0]).toBeCloseTo(36_000, -2); // HDR: within 0.1 %
    expect(p99.baseInterval?.[1]).toBe(40_000);
  });

  it('does not judge a p99 over fewer than 100 samples', () => {
    const comparison = compareResults(resultOf(openLoop(1, 400, 50)), resultOf(openLoop(2, 400, 50)), 10);
    const p99 = comparison.configs[0]!.metrics.find((m) => m.name === 'request p(99)')!;
    expect(p99).toMatchObject({ noise: 'not-judged', notJudged: 'base: fewer than 100 samples', failure: null });
    expect(comparison.configs[0]!.metrics.find((m) => m.name === 'request p(50)')!.failure).not.toBeNull();
  });

  it('fails an achieved rate more than the threshold lower, not one higher', () => {
    const lower = compareResults(resultOf(openLoop(1, 400)), resultOf(openLoop(1, 300)), 10);
    expect(lower.pass).toBe(false);
    expect(lower.configs[0]!.failure).toBe('achieved/s -25.0% (threshold 10%)');
    expect(compareResults(resultOf(openLoop(1, 300)), resultOf(openLoop(1, 400)), 10).pass).toBe(true);
  });

  it('judges nothing extra for command configs (no request figures)', () => {
    expect(compareResults(labResult, labResult, 10).configs.every((c) => c.metrics.length === 0)).toBe(true);
  });
});
