// Jepsen's counter caveat: a duplicated INCR is only visible when the read exceeds the upper
// bound, so an indeterminate op that never applied leaves room for a duplicate to hide. Per-op
// tags (an execution log) expose it.

import { describe, expect, it } from 'vitest';
import { checkApplied, checkCounter, verdictFor } from '../../../lab/reconcile/index.ts';
import { ledgerOf } from './fixtures.ts';

describe('a duplicate masked by an indeterminate op that never applied', () => {
  // Ops 0-8 acknowledged, op 9 indeterminate (its connection reset). The server applied op 3
  // twice (a resend after a lost reply) and never applied op 9.
  const ledger = ledgerOf('aaaaaaaaai');
  const log = [0, 1, 2, 3, 3, 4, 5, 6, 7, 8];
  const finalValue = log.length;

  it('is within the counter bounds, so the counter alone cannot call it unsafe', () => {
    const counter = checkCounter(ledger, finalValue);
    expect(counter).toEqual({ final: 10, lower: 9, upper: 10, withinBounds: true });
    expect(verdictFor({ counts: null, counter, prefix: null, tagsVisible: false }).verdict).toBe('UNKNOWN');
  });

  it('is caught by checkApplied with an execution log', () => {
    const applied = checkApplied(ledger, { log });
    expect(applied.counts.duplicated).toBe(1);
    expect(applied.counts.indeterminateNotApplied).toBe(1);
    expect(applied.examples.duplicated).toEqual([3]);
    const result = verdictFor({ counts: applied.counts, counter: checkCounter(ledger, finalValue), prefix: null, tagsVisible: applied.duplicatesVisible });
    expect(result).toEqual({ verdict: 'UNSAFE', reasons: ['1 operation was applied more than once (duplicated)'] });
  });
});
