import { describe, expect, it } from 'vitest';
import { formatProgress } from '../../../lab/report/index.ts';
import { labResult } from './lab-result.fixture.ts';

describe('formatProgress', () => {
  it('shows position, run count, time and outcome for a run', () => {
    expect(
      formatProgress({
        type: 'run-done', configId: 'pipeline:64@rtt=10ms', index: 2, total: 20,
        warmup: false, runIndex: 1, runCount: 3, run: { order: 7, totalMs: 41.23, verified: true, clientGcMs: 0.4 },
      }),
    ).toBe('[3/20] pipeline:64@rtt=10ms  run 2/3  41.2 ms  verified');
  });

  it('names client GC pauses of a millisecond or more, which explain outliers', () => {
    expect(
      formatProgress({
        type: 'run-done', configId: 'pipeline:256@rtt=0ms', index: 3, total: 4,
        warmup: false, runIndex: 0, runCount: 3, run: { order: 3, totalMs: 12.6, verified: true, clientGcMs: 10.94 },
      }),
    ).toBe('[4/4] pipeline:256@rtt=0ms  run 1/3  12.6 ms  verified  (client GC 10.9 ms)');
  });

  it('shows why a run failed', () => {
    const line = formatProgress({
      type: 'run-done', configId: 'sync@rtt=0ms', index: 0, total: 4, warmup: true, runIndex: 0, runCount: 1,
      run: { order: 0, totalMs: 200, verified: false, clientGcMs: 0, failure: 'final counter 2047, expected 2048' },
    });
    expect(line).toBe('[1/4] sync@rtt=0ms  warmup 1/1  200.0 ms  FAILED: final counter 2047, expected 2048');
  });

  it('renders lifecycle, calibration and config events', () => {
    expect(formatProgress({ type: 'runtime-starting', runtime: 'local' })).toBe('starting local runtime');
    expect(formatProgress({ type: 'calibrated', calibration: labResult.calibration[0]! })).toBe(
      'calibrated rtt=10ms: PING 10.52 ms (baseline 0.09, added 10.43, p10-p90 10.41-10.77)',
    );
    expect(formatProgress({ type: 'config-done', config: labResult.configs[0]! })).toBe(
      'pipeline:256@rtt=10ms  done  median 88.4 ms  1/3 verified',
    );
    expect(formatProgress({ type: 'stopped' })).toBe('runtime stopped');
  });

  it('renders fault runs and reconcile verdicts', () => {
    expect(
      formatProgress({
        type: 'fault-run-done', entryId: 'cut-mid-batch / pipeline:64 / ioredis-default', index: 1, total: 5,
        runIndex: 2, runCount: 3, durationMs: 1834.2, verdict: 'UNSAFE',
      }),
    ).toBe('[fault 2/5] cut-mid-batch / pipeline:64 / ioredis-default  run 3/3  1.8 s  UNSAFE');
    expect(formatProgress({ type: 'reconcile-done', entry: labResult.reconcile![1]! })).toBe(
      'cut-mid-batch / pipeline:64 / ioredis-default  done  UNSAFE  applied 64/64, lost 0, dup 23, indet 0 ops  3/3 identical',
    );
    expect(formatProgress({ type: 'reconcile-done', entry: labResult.reconcile![2]! })).toMatch(/ DIFFERED$/);
  });

  it('renders each probe of a rate search: where it is, the rate, the figure and the verdict', () => {
    const base = { type: 'slo-probe-done', configId: 'sync@rtt=10ms,rate=search', index: 0, total: 2, objective: 'request p(99) < 50ms', metric: 'requestP99Us', maxProbes: 16 } as const;
    const probe = { offeredPerSec: 80, achievedPerSec: 79.9, actual: 41_200, saturated: false, met: true, verifiedRuns: 1, runs: 1 };
    expect(formatProgress({ ...base, probeIndex: 2, probe })).toBe('[1/2] sync@rtt=10ms,rate=search  probe 3/16  80.00/s  request p(99) 41.2 ms  met (achieved 79.90/s)  [request p(99) < 50ms]');
    expect(formatProgress({ ...base, probeIndex: 3, probe: { ...probe, offeredPerSec: 160, actual: 900_000, met: false, saturated: true } })).toMatch(/probe 4\/16 {2}160\.0\/s {2}request p\(99\) 900\.0 ms {2}missed \(SATURATED\), twice/);
    expect(formatProgress({ ...base, probeIndex: 4, probe: { ...probe, firstTry: { actual: 60_000, saturated: false } } })).toContain('met on the second try');
  });
});
