import { describe, expect, it } from 'vitest';
import { checkVerifiedRuns } from '../../../lab/vitest/checks.ts';
import { config, labResult, run } from './results.ts';

describe('checkVerifiedRuns', () => {
  it('passes when every run of every config verified', () => {
    expect(checkVerifiedRuns(labResult())).toEqual({ pass: true, message: 'all 4 runs of 2 configs verified' });
  });

  it('fails on one unverified run and says which, why, and the errors by kind', () => {
    const broken = config({
      id: 'pipeline:50@rtt=5ms',
      runs: [run(), run({ order: 3, verified: false, failure: 'final counter 399, expected 400' }), run({ order: 5, verified: false })],
      errors: 2,
      errorsByKind: { ECONNRESET: 1, ERR: 1 },
    });
    const check = checkVerifiedRuns(labResult({ configs: [config(), broken] }));
    expect(check.pass).toBe(false);
    expect(check.message).toBe(
      [
        '1 of 2 configs have unverified runs:',
        '  ✗ pipeline:50@rtt=5ms',
        '      run 2 of 3: final counter 399, expected 400',
        '      run 3 of 3: not verified (no reason recorded)',
        '      errors by kind: ECONNRESET 1, ERR 1',
      ].join('\n'),
    );
  });

  it('fails a config with no measured run, or with errors although its runs say verified', () => {
    const check = checkVerifiedRuns(labResult({ configs: [config({ id: 'a', runs: [] }), config({ id: 'b', errors: 1 })] }));
    expect(check.pass).toBe(false);
    expect(check.message).toContain('  ✗ a\n      no measured run');
    expect(check.message).toContain('  ✗ b\n      1 erroring run although every run is marked verified');
  });

  it('fails a result that measured no config', () => {
    expect(checkVerifiedRuns(labResult({ configs: [] }))).toEqual({ pass: false, message: 'scenario "incr-pipelines" measured no config' });
  });

  it('on a fault-only scenario, says why it measured no config and which matchers judge it', () => {
    const { pass, message } = checkVerifiedRuns(labResult({ configs: [], reconcile: [] }));
    expect(pass).toBe(false);
    expect(message).toBe(
      'scenario "incr-pipelines" measured no config: it is a fault scenario, whose runs are judged as reconcile rows (0 rows), not timed and verified; ' +
        'assert them with toBeRetrySafe(policy) or toPassThresholds(), and keep toHaveVerifiedRuns() for scenarios without faults',
    );
  });
});
