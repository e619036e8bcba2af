import { describe, expect, it } from 'vitest';
import { checkRetrySafe } from '../../../lab/vitest/checks.ts';
import { entry, labResult } from './results.ts';

const noneEntry = entry({
  id: 'cut-mid-batch / pipeline:64 / none',
  policy: 'none',
  verdict: 'UNSAFE',
  counts: { ...entry().counts, applied: 500, lost: 0, indeterminateApplied: 0, indeterminateNotApplied: 12, retries: 0 },
  reasons: ['12 operations indeterminate and not applied'],
});

describe('checkRetrySafe', () => {
  it("passes when every entry of the policy is SAFE, whatever other policies' verdicts", () => {
    const check = checkRetrySafe(labResult({ reconcile: [entry(), entry({ id: 'reset / sync / idempotent', fault: 'reset', mode: 'sync' }), noneEntry] }), 'idempotent');
    expect(check.pass).toBe(true);
    expect(check.message).toContain('all 2 entries for policy idempotent are SAFE');
    expect(check.message).not.toContain('/ none');
  });

  it('fails when one entry of the policy is not SAFE and shows each entry with its counts and reasons', () => {
    const duplicated = entry({
      id: 'reset / sync / idempotent',
      verdict: 'UNSAFE',
      consistent: false,
      counts: { ...entry().counts, applied: 515, duplicated: 3 },
      counter: { final: 515, lower: 500, upper: 512, withinBounds: false },
      reasons: ['3 operations applied twice'],
      examples: { lost: [], duplicated: [7, 19, 40], unexpected: [] },
    });
    const check = checkRetrySafe(labResult({ reconcile: [entry(), duplicated] }), 'idempotent');
    expect(check.pass).toBe(false);
    expect(check.message).toBe(
      [
        '1 of 2 entries for policy idempotent not SAFE:',
        '  ✓ cut-mid-batch / pipeline:64 / idempotent: SAFE (rtt 5 ms, 3 runs)',
        '      issued 512, applied 512, acknowledged 500, failed 0, indeterminate 12 (applied 12, not applied 0), lost 0, duplicated 0, unexpected 0, failed but applied 0, retries 12',
        '      counter: final 512, bounds [500, 512] ✓',
        '      - every operation applied exactly once',
        '  ✗ reset / sync / idempotent: UNSAFE (rtt 5 ms, 3 runs, counts differ between runs, the first run is shown)',
        '      issued 512, applied 515, acknowledged 500, failed 0, indeterminate 12 (applied 12, not applied 0), lost 0, duplicated 3, unexpected 0, failed but applied 0, retries 12',
        '      counter: final 515, bounds [500, 512] ✗',
        '      - 3 operations applied twice',
        '      duplicated operations, e.g. 7, 19, 40',
      ].join('\n'),
    );
  });

  it('fails an UNKNOWN verdict and says when the fault never fired', () => {
    const check = checkRetrySafe(labResult({ reconcile: [entry({ verdict: 'UNKNOWN', faultObserved: false, reasons: ['the fault did not fire'] })] }), 'idempotent');
    expect(check.pass).toBe(false);
    expect(check.message).toContain('UNKNOWN (rtt 5 ms, 3 runs, the fault was not observed)');
  });

  it('shows the pipeline prefix check when there is one', () => {
    const check = checkRetrySafe(labResult({ reconcile: [entry({ prefix: { batchesChecked: 8, nonPrefix: 1, reordered: 0 }, verdict: 'UNSAFE' })] }), 'idempotent');
    expect(check.message).toContain('pipelines: 8 batches checked, 1 not a prefix, 0 reordered');
  });

  it('fails when the policy was not judged, naming the policies that were', () => {
    const check = checkRetrySafe(labResult({ reconcile: [noneEntry, entry({ policy: 'app-retry' }), noneEntry] }), 'idempotent');
    expect(check).toEqual({ pass: false, message: 'no reconcile entry for policy idempotent; the result judged none, app-retry (add idempotent to the scenario\'s policies)' });
  });

  it('fails a result without reconciliation', () => {
    expect(checkRetrySafe(labResult(), 'idempotent').pass).toBe(false);
    expect(checkRetrySafe(labResult({ reconcile: [] }), 'none').message).toContain('"incr-pipelines" has no reconcile entries');
  });

  it('fails on a fault that never fired: NOT-TESTED is not SAFE', () => {
    const untested = entry({ id: 'late-reset / pipeline:4 / idempotent', fault: 'late-reset', faultObserved: false, verdict: 'NOT-TESTED' });
    const check = checkRetrySafe(labResult({ reconcile: [untested] }), 'idempotent');
    expect(check.pass).toBe(false);
    expect(check.message).toContain('late-reset / pipeline:4 / idempotent: NOT-TESTED');
    expect(check.message).toContain('the fault was not observed');
  });
});
