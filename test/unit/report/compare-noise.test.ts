// compare's noise rules on synthetic results (pure logic): a percentile judged by its spread across
// runs, else across paired windows, else by its sampling error; a ramp's knee by the ramp's step;
// saturated as a mark. And the run's own verdict: a saturated constant-rate config does not pass.

import { describe, expect, it } from 'vitest';
import type { ConfigResult, LabResult, LatencySummaryUs, LatencyWindow, RunLatency, ScheduleHealth, ThresholdResult } from '../../../lab/contracts/index.ts';
import { createLatencyHistogram, recordUs, summarizeLatency, unexpectedSaturation } from '../../../lab/metrics/index.ts';
import { compareResults } from '../../../lab/report/compare/compare.ts';
import { renderComparison } from '../../../lab/report/compare/compare-text.ts';
import { windowsNeeded } from '../../../lab/report/compare/metric-change.ts';
import { renderTable } from '../../../lab/report/index.ts';
import { labResult } from './lab-result.fixture.ts';

const summaryOf = (valuesUs: readonly number[]): LatencySummaryUs => {
  const h = createLatencyHistogram();
  for (const v of valuesUs) recordUs(h, v);
  const summary = summarizeLatency(h);
  h.destroy();
  return summary;
};

// 2000 requests spread 40-51 ms (p99 about 50.9 ms), each scaled by `factor`.
const requestsUs = (factor: number): number[] => Array.from({ length: 2000 }, (_, i) => (40_000 + (i % 100) * 110) * factor);

const schedule = (over: Partial<ScheduleHealth> = {}): ScheduleHealth => ({
  offeredPerSec: 400, achievedPerSec: 400, scheduled: 2000, completed: 2000, unfinished: 0, worstLateMs: 0.5, lateStarts: 0,
  eventLoopDelayP99Ms: 1, eventLoopDelayMaxMs: 2, generatorBound: false, ...over,
});

const runLatency = (p99s: readonly number[]): RunLatency[] => p99s.map((p99) => ({ requestP50Us: 45_000, requestP99Us: p99, serviceP50Us: null, serviceP99Us: null }));

const windowsOf = (p99s: readonly (number | null)[], offered = (_i: number) => 400): LatencyWindow[] =>
  p99s.map((p99, i) => ({
    startMs: i * 1000, offeredPerSec: offered(i), achievedPerSec: offered(i), requests: 400, lateStarts: 0,
    requestP50Us: 45_000, requestP99Us: p99, serviceP50Us: null, serviceP99Us: null, maxUs: null,
  }));

const template = labResult.configs.find((c) => c.id === 'sync@rtt=0ms') as ConfigResult;

// A closed-loop-like request config (no service latency) with a whole-run p99 scaled by `factor`.
const config = (factor: number, over: Partial<ConfigResult> = {}): ConfigResult => ({
  ...template,
  id: 'requests@rtt=10ms,rate=400/s',
  requests: 2000,
  waitsPerRequest: 4,
  requestLatencyUs: summaryOf(requestsUs(factor)),
  ...over,
});

const resultOf = (...configs: ConfigResult[]): LabResult => ({ ...labResult, configs, reconcile: [] });

const metric = (base: ConfigResult, next: ConfigResult, name: string, thresholdPct = 10) => {
  const comparison = compareResults(resultOf(base), resultOf(next), thresholdPct);
  return { comparison, m: comparison.configs[0]!.metrics.find((x) => x.name === name)! };
};

describe('percentile rule 1: spread across runs', () => {
  it('fails a p99 that doubled in every run, saying the runs are apart', () => {
    const { comparison, m } = metric(config(1, { runLatencyUs: runLatency([50_000, 52_000, 51_000]) }), config(2, { runLatencyUs: runLatency([100_000, 104_000, 98_000]) }), 'request p(99)');
    expect(m).toMatchObject({ basis: 'runs', noise: 'beyond', baseInterval: [50_000, 52_000], nextInterval: [98_000, 104_000] });
    expect(m.failure).toMatch(/^request p\(99\) \+100\.\d% \(threshold 10%\), every new run worse than every base run$/);
    expect(comparison.pass).toBe(false);
    expect(renderComparison(comparison)).toContain('BEYOND runs: 3v3 runs apart (chance 0.100)');
  });

  it('passes a whole-run p99 that doubled when the runs overlap (one noisy run on each side): the false alarm at machine load', () => {
    // The whole-run histogram says +100 % and far beyond its sampling error; the runs say noise.
    const { comparison, m } = metric(config(1, { runLatencyUs: runLatency([50_000, 51_000, 140_000]) }), config(2, { runLatencyUs: runLatency([49_000, 52_000, 101_000]) }), 'request p(99)');
    expect(m.changePct).toBeCloseTo(100, 0);
    expect(m).toMatchObject({ basis: 'runs', noise: 'within', failure: null });
    expect(comparison.pass).toBe(true);
  });

  it('needs 3 runs a side; with 2 it falls to the next rule', () => {
    const { m } = metric(config(1, { runLatencyUs: runLatency([50_000, 51_000]) }), config(2, { runLatencyUs: runLatency([100_000, 104_000, 98_000]) }), 'request p(99)');
    expect(m.basis).toBe('sampling-error');
  });
});

describe('percentile rule 2: spread across paired windows', () => {
  it('finds the fewest windows a one-sided sign test at 5 % needs', () => {
    expect(windowsNeeded(4)).toBeNull();
    expect(windowsNeeded(5)).toBe(5); // 1/32
    expect(windowsNeeded(8)).toBe(7); // 9/256 = 0.035; 6 of 8: 37/256 = 0.14
    expect(windowsNeeded(10)).toBe(9); // 11/1024; 8 of 10: 56/1024 = 0.055
  });

  it('fails when most windows are worse by more than the threshold', () => {
    const base = config(1, { windows: windowsOf([50_000, 51_000, 50_000, 52_000, 50_000, 51_000]) });
    const next = config(2, { windows: windowsOf([100_000, 99_000, 50_500, 104_000, 101_000, 102_000].map((v, i) => (i === 2 ? 101_000 : v))) });
    const { m } = metric(base, next, 'request p(99)');
    expect(m).toMatchObject({ basis: 'windows', noise: 'beyond', evidence: 'worse by >10% in 6 of 6 windows (6 needed)' });
    expect(m.failure).toMatch(/, worse in most windows$/);
  });

  it('passes a doubled whole-run p99 that comes from two bursty windows', () => {
    const base = config(1, { windows: windowsOf([50_000, 51_000, 50_000, 52_000, 50_000, 51_000, 50_000, 51_000]) });
    const next = config(2, { windows: windowsOf([50_000, 51_000, 150_000, 52_000, 50_000, 140_000, 50_000, 51_000]) });
    const { m, comparison } = metric(base, next, 'request p(99)');
    expect(m).toMatchObject({ basis: 'windows', noise: 'within', failure: null, evidence: 'worse by >10% in 2 of 8 windows (7 needed)' });
    expect(comparison.pass).toBe(true);
  });

  it('pairs windows by start and skips windows without the figure; fewer than 5 pairs fall to the sampling error', () => {
    const base = config(1, { windows: windowsOf([50_000, null, 50_000, 52_000, 50_000, 51_000]) });
    const next = config(2, { windows: windowsOf([100_000, 100_000, 100_000, 100_000]) });
    expect(metric(base, next, 'request p(99)').m.basis).toBe('sampling-error');
  });

  it('prefers the runs when both are there', () => {
    const base = config(1, { runLatencyUs: runLatency([50_000, 51_000, 140_000]), windows: windowsOf([50_000, 51_000, 50_000, 52_000, 50_000]) });
    const next = config(2, { runLatencyUs: runLatency([49_000, 52_000, 101_000]), windows: windowsOf([100_000, 100_000, 100_000, 100_000, 100_000]) });
    expect(metric(base, next, 'request p(99)').m).toMatchObject({ basis: 'runs', noise: 'within' });
  });
});

describe('percentile rule 3: sampling error, where the result holds neither', () => {
  it('judges the whole-run histogram and says so', () => {
    const { m } = metric(config(1), config(2), 'request p(99)');
    expect(m).toMatchObject({ basis: 'sampling-error', noise: 'beyond' });
    expect(m.failure).toMatch(/beyond its sampling error$/);
  });
});

describe('knee/s: a ramp step', () => {
  // A ramp 100/s -> 1000/s in 10 windows: the step is 100/s.
  const ramp = (kneePerSec: number | null): ConfigResult =>
    config(1, {
      schedule: schedule({ offeredPerSec: 550, offeredRampPerSec: { fromPerSec: 100, toPerSec: 1000 } }),
      windows: windowsOf(Array.from({ length: 10 }, () => 50_000), (i) => 100 * (i + 1)),
      knee: { offeredPerSec: kneePerSec, atMs: kneePerSec === null ? null : kneePerSec * 10 - 1000, reason: 'test' },
      saturation: { saturated: kneePerSec !== null, reason: 'test' },
    });

  it('fails a knee that dropped by more than the threshold and more than one step', () => {
    const { m } = metric(ramp(800), ramp(500), 'knee/s');
    expect(m).toMatchObject({ basis: 'step', noise: 'beyond', evidence: 'step 100/s' });
    expect(m.failure).toBe('knee/s 800/s → 500/s, -37.5% (threshold 10%), more than one window step of the ramp');
  });

  it('passes a knee one step lower (its resolution) or higher', () => {
    expect(metric(ramp(800), ramp(700), 'knee/s').m).toMatchObject({ noise: 'within', failure: null });
    expect(metric(ramp(500), ramp(800), 'knee/s').m.failure).toBeNull();
  });

  it('fails a knee that appeared where the base ramp saw none up to its top', () => {
    const { m } = metric(ramp(null), ramp(600), 'knee/s');
    expect(m.failure).toMatch(/^knee\/s none up to 1000\/s → 600\/s, -40\.0%/);
    expect(metric(ramp(null), ramp(null), 'knee/s').m.failure).toBeNull();
  });
});

describe('saturated: a mark', () => {
  const open = (saturated: boolean): ConfigResult => config(1, { schedule: schedule(), saturation: { saturated, reason: 'test' } });

  it('fails 0 -> 1 and not 1 -> 0', () => {
    expect(metric(open(false), open(true), 'saturated').m.failure).toBe('saturated 0 → 1');
    expect(metric(open(true), open(false), 'saturated').m.failure).toBeNull();
    expect(metric(open(true), open(true), 'saturated').m.failure).toBeNull();
  });
});

describe("a saturated config in the run's own verdict", () => {
  const saturated = config(1, { schedule: schedule({ achievedPerSec: 200 }), saturation: { saturated: true, reason: 'achieved 200/s below offered 400/s' } });
  const threshold = (configId: string): ThresholdResult => ({ source: 'saturated == 1', metric: 'saturated', op: '==', value: 1, checked: [{ configId, actual: 1, pass: true }], pass: true });

  it('fails a constant-rate config that did not keep up, and says why in the table', () => {
    expect(unexpectedSaturation(saturated, [])).toBe(true);
    const text = renderTable({ ...resultOf(saturated), pass: false, thresholds: [], warnings: [] }, { color: false });
    expect(text).toContain('1 open-loop config(s) saturated at a constant rate (not a ramp, no threshold on saturated)');
  });

  it('does not fail a ramp (run to find its knee), nor a config a threshold on saturated selects', () => {
    const ramp = { ...saturated, schedule: schedule({ offeredRampPerSec: { fromPerSec: 100, toPerSec: 1000 } }) };
    expect(unexpectedSaturation(ramp, [])).toBe(false);
    expect(unexpectedSaturation(saturated, [threshold(saturated.id)])).toBe(false);
    expect(unexpectedSaturation(saturated, [threshold('another')])).toBe(true);
    expect(unexpectedSaturation({ ...saturated, saturation: { saturated: false, reason: 'kept up' } }, [])).toBe(false);
  });
});
