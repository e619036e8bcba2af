import { describe, expect, it } from 'vitest';
import { checkThresholds } from '../../../lab/vitest/checks.ts';
import { labResult, threshold } from './results.ts';

describe('checkThresholds', () => {
  it('passes when every threshold passed, listing them', () => {
    const check = checkThresholds(labResult({ thresholds: [threshold(), threshold({ source: 'sync: ops/s >= 50', metric: 'opsPerSec', op: '>=', value: 50 })] }));
    expect(check.pass).toBe(true);
    expect(check.message).toContain('all 2 thresholds passed');
    expect(check.message).toContain('✓ pipeline:50@rtt=5ms: medianMs = 31.457 (needs < 2000)');
  });

  it('fails on one failed threshold and lists only the failed ones with every figure', () => {
    const failed = threshold({
      source: 'at rtt=5ms: median < 100ms',
      value: 100,
      checked: [
        { configId: 'sync@rtt=5ms', actual: 1100.25, pass: false },
        { configId: 'pipeline:50@rtt=5ms', actual: 31.4567, pass: true },
      ],
      pass: false,
    });
    const check = checkThresholds(labResult({ thresholds: [threshold(), failed] }));
    expect(check.pass).toBe(false);
    expect(check.message).toBe(
      [
        '1 of 2 thresholds failed:',
        '  ✗ "at rtt=5ms: median < 100ms"',
        '      ✗ sync@rtt=5ms: medianMs = 1100.25 (needs < 100)',
        '      ✓ pipeline:50@rtt=5ms: medianMs = 31.457 (needs < 100)',
      ].join('\n'),
    );
  });

  it('says when a threshold selected no config or a figure was not measured', () => {
    const check = checkThresholds(
      labResult({
        thresholds: [
          threshold({ source: 'pipeline:99 at rtt=5ms: median < 1s', checked: [], pass: false }),
          threshold({ source: 'sync: p(99) < 10ms', metric: 'p99Us', value: 10_000, checked: [{ configId: 'sync@rtt=5ms', actual: null, pass: false }], pass: false }),
        ],
      }),
    );
    expect(check.pass).toBe(false);
    expect(check.message).toContain('2 of 2 thresholds failed');
    expect(check.message).toContain('"pipeline:99 at rtt=5ms: median < 1s"\n      selected no config');
    expect(check.message).toContain('✗ sync@rtt=5ms: p99Us = not measured (needs < 10000)');
  });

  it('writes a verdict threshold bound as SAFE or UNSAFE', () => {
    const verdict = threshold({
      source: 'policy none: SAFE',
      metric: 'verdict',
      op: '==',
      value: 1,
      checked: [{ configId: 'cut-mid-batch / sync / none', actual: 'UNSAFE', pass: false }],
      pass: false,
    });
    expect(checkThresholds(labResult({ thresholds: [verdict] })).message).toContain('✗ cut-mid-batch / sync / none: verdict = UNSAFE (needs SAFE)');
  });

  it('fails a result without thresholds: there is nothing to pass', () => {
    const check = checkThresholds(labResult({ thresholds: [] }));
    expect(check).toEqual({ pass: false, message: expect.stringContaining('"incr-pipelines" has no thresholds') });
  });
});
