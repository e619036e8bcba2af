import { describe, expect, it } from 'vitest';
import { cleanCounts, verdictFor } from '../../../lab/reconcile/index.ts';
import type { ReconcileCounts } from '../../../lab/contracts/index.ts';

const counts = (overrides: Partial<ReconcileCounts> = {}): ReconcileCounts => cleanCounts(100, overrides);
const inBounds = { final: 100, lower: 100, upper: 100, withinBounds: true };
const inOrder = { batchesChecked: 4, nonPrefix: 0, reordered: 0 };

describe('verdictFor', () => {
  it('is SAFE when every check passed, with one reason saying what was checked', () => {
    const withIndeterminate = counts({ acknowledged: 97, indeterminate: 3, indeterminateApplied: 2, indeterminateNotApplied: 1, applied: 99 });
    expect(verdictFor({ counts: withIndeterminate, counter: { final: 99, lower: 97, upper: 100, withinBounds: true }, prefix: inOrder, tagsVisible: true })).toEqual({
      verdict: 'SAFE',
      reasons: [
        "checked 100 operations against the server's execution log (none lost, duplicated, unexpected or failed but applied; 3 indeterminate: 2 applied, 1 not), the counter (99, within 97..100), 4 pipelined batches (each applied a prefix, in order)",
      ],
    });
  });

  it('names each anomaly in its own reason, with numbers', () => {
    const result = verdictFor({
      counts: counts({ lost: 3, duplicated: 2, unexpected: 1, failedButApplied: 1 }),
      counter: null,
      prefix: { batchesChecked: 16, nonPrefix: 2, reordered: 5 },
      tagsVisible: true,
      noun: 'increment',
    });
    expect(result).toEqual({
      verdict: 'UNSAFE',
      reasons: [
        '3 acknowledged increments were never applied (lost)',
        '2 increments were applied more than once (duplicated)',
        '1 applied id was never issued (unexpected)',
        '1 increment reported to the caller as failed was applied anyway (failed but applied)',
        '2 of 16 pipelined batches had applied ops that were not a prefix of their send order (non-prefix)',
        '5 increments were applied before an op issued earlier on the same connection (reordered)',
      ],
    });
  });

  it('uses the singular for one', () => {
    expect(verdictFor({ counts: counts({ lost: 1 }), counter: null, prefix: null, tagsVisible: true }).reasons).toEqual([
      '1 acknowledged operation was never applied (lost)',
    ]);
  });

  it('is UNSAFE when the counter is above its upper bound (duplicates) or below its lower bound (lost)', () => {
    expect(verdictFor({ counts: null, counter: { final: 105, lower: 98, upper: 102, withinBounds: false }, prefix: null, tagsVisible: false })).toEqual({
      verdict: 'UNSAFE',
      reasons: [
        'the counter reads 105, 3 above the most every increment not reported failed could give (102): increments were applied more than once (duplicated)',
      ],
    });
    expect(verdictFor({ counts: null, counter: { final: 95, lower: 98, upper: 102, withinBounds: false }, prefix: null, tagsVisible: false })).toEqual({
      verdict: 'UNSAFE',
      reasons: ['the counter reads 95, 3 below what the acknowledged increments give (98): acknowledged increments were never applied (lost)'],
    });
  });

  it('is UNSAFE for a batch out of order alone', () => {
    const result = verdictFor({ counts: counts(), counter: inBounds, prefix: { batchesChecked: 4, nonPrefix: 0, reordered: 1 }, tagsVisible: true });
    expect(result.verdict).toBe('UNSAFE');
    expect(result.reasons).toEqual(['1 operation was applied before an op issued earlier on the same connection (reordered)']);
  });

  it('is UNKNOWN when nothing is wrong but indeterminate ops without tags could hide a duplicate', () => {
    const flagCounts = counts({ acknowledged: 96, indeterminate: 4, indeterminateApplied: 4, applied: 100 });
    expect(verdictFor({ counts: flagCounts, counter: null, prefix: null, tagsVisible: false })).toEqual({
      verdict: 'UNKNOWN',
      reasons: [
        'no anomaly found, but 4 operations were indeterminate and ops carry no per-op tags: a duplicate could hide behind an indeterminate op that never applied',
      ],
    });
    expect(verdictFor({ counts: null, counter: { final: 98, lower: 96, upper: 100, withinBounds: true }, prefix: null, tagsVisible: false })).toEqual({
      verdict: 'UNKNOWN',
      reasons: [
        'no anomaly found, but indeterminate ops let the counter lie anywhere from 96 to 100 and ops carry no per-op tags: a duplicate could hide behind an indeterminate op that never applied',
      ],
    });
  });

  it('is SAFE without tags when no op was indeterminate, since the counter bounds are then exact', () => {
    const result = verdictFor({ counts: null, counter: inBounds, prefix: null, tagsVisible: false });
    expect(result).toEqual({ verdict: 'SAFE', reasons: ['checked the counter (100, within 100..100)'] });
    const flags = verdictFor({ counts: counts(), counter: null, prefix: null, tagsVisible: false });
    expect(flags).toEqual({
      verdict: 'SAFE',
      reasons: ["checked 100 operations against the server's applied flags (none lost, unexpected or failed but applied)"],
    });
  });

  it('is UNKNOWN when nothing could show a lost or duplicated op', () => {
    expect(verdictFor({ counts: null, counter: null, prefix: inOrder, tagsVisible: true })).toEqual({
      verdict: 'UNKNOWN',
      reasons: ['nothing checked for lost or duplicated ops: neither applied counts nor a counter were given'],
    });
  });

  it('is NOT-TESTED when the fault never fired, whatever the checks found', () => {
    const clean = verdictFor({ counts: counts(), counter: inBounds, prefix: inOrder, tagsVisible: true, faultObserved: false });
    expect(clean.verdict).toBe('NOT-TESTED');
    expect(clean.reasons).toEqual([
      'the fault never fired (the client never saw its connection close or stall), so nothing was judged: this row shows a fault-free run',
    ]);
    // Nothing that could show a duplicate, and an anomaly: still no verdict on the policy, but the anomaly is kept.
    expect(verdictFor({ counts: null, counter: null, prefix: null, tagsVisible: false, faultObserved: false }).verdict).toBe('NOT-TESTED');
    const lost = verdictFor({ counts: counts({ lost: 1 }), counter: null, prefix: null, tagsVisible: true, noun: 'write', faultObserved: false });
    expect(lost).toMatchObject({ verdict: 'NOT-TESTED' });
    expect(lost.reasons.slice(1)).toEqual(['even without the fault: 1 acknowledged write was never applied (lost)']);
  });

  it('judges as before when the fault fired (faultObserved true or not given)', () => {
    const input = { counts: counts({ duplicated: 1 }), counter: null, prefix: null, tagsVisible: true };
    expect(verdictFor({ ...input, faultObserved: true })).toEqual(verdictFor(input));
    expect(verdictFor(input).verdict).toBe('UNSAFE');
  });
});
