import { describe, expect, it } from 'vitest';
import { checkApplied, cleanCounts, Ledger } from '../../../lab/reconcile/index.ts';
import type { ReconcileCounts } from '../../../lab/contracts/index.ts';
import { ledgerOf, range, without } from './fixtures.ts';

// Counts of a run where nothing went wrong, overridden per test.
const clean = (issued: number, overrides: Partial<ReconcileCounts> = {}): ReconcileCounts => cleanCounts(issued, overrides);

const noExamples = { lost: [], duplicated: [], unexpected: [] };

describe('checkApplied with an execution log', () => {
  it('passes a clean run, as a number[] or a Uint32Array', () => {
    const ledger = ledgerOf('aaaaaaaa');
    for (const log of [range(8), Uint32Array.from(range(8).reverse())]) {
      expect(checkApplied(ledger, { log })).toEqual({ counts: clean(8), examples: noExamples, duplicatesVisible: true });
    }
  });

  it('resolves indeterminate and still-sent ops both ways without calling it an anomaly', () => {
    const ledger = ledgerOf('aaaaaiiss');
    // Op 5 (indeterminate) and op 7 (still sent) applied; ops 6 and 8 did not.
    const result = checkApplied(ledger, { log: without(range(9), 6, 8) });
    expect(result.counts).toEqual(
      clean(9, { applied: 7, acknowledged: 5, indeterminate: 4, indeterminateApplied: 2, indeterminateNotApplied: 2 }),
    );
    expect(result.examples).toEqual(noExamples);
  });

  it('finds every acknowledged op that never applied, with the first five as examples', () => {
    const ledger = ledgerOf('a'.repeat(20));
    const lostOps = [2, 5, 7, 11, 13, 19];
    const result = checkApplied(ledger, { log: without(range(20), ...lostOps) });
    expect(result.counts).toEqual(clean(20, { applied: 14, lost: 6 }));
    expect(result.examples).toEqual({ lost: [2, 5, 7, 11, 13], duplicated: [], unexpected: [] });
  });

  it('finds every op applied more than once', () => {
    const ledger = ledgerOf('aaaaaaaif');
    // Op 3 applied three times, op 6 twice, op 7 (indeterminate) twice.
    const log = [0, 1, 2, 3, 3, 4, 5, 6, 3, 7, 6, 7];
    const result = checkApplied(ledger, { log });
    expect(result.counts).toEqual(
      clean(9, { applied: 8, acknowledged: 7, failed: 1, indeterminate: 1, indeterminateApplied: 1, duplicated: 3 }),
    );
    expect(result.examples).toEqual({ lost: [], duplicated: [3, 6, 7], unexpected: [] });
  });

  it('finds applications of ids never issued, once per distinct id, in log order', () => {
    const ledger = ledgerOf('aaaa');
    const log = [0, 4, 1, 99, 2, 4, 1.5, 3, -1];
    const result = checkApplied(ledger, { log });
    expect(result.counts).toEqual(clean(4, { unexpected: 4 }));
    expect(result.examples.unexpected).toEqual([4, 99, 1.5, -1]);
  });

  it('finds ops reported failed that applied anyway', () => {
    const ledger = ledgerOf('aafffa');
    const result = checkApplied(ledger, { log: [0, 1, 3, 5] });
    expect(result.counts).toEqual(clean(6, { applied: 4, acknowledged: 3, failed: 3, failedButApplied: 1 }));
  });

  it('reports the retries from the ledger', () => {
    const ledger = new Ledger(2);
    const op = ledger.issue(0, 0);
    ledger.indeterminate(op, 'ECONNRESET');
    ledger.retried(op);
    ledger.ack(op, 1);
    // The retry applied it a second time: a retried INCR double-applies.
    const result = checkApplied(ledger, { log: [0, 0] });
    expect(result.counts).toEqual(clean(1, { retries: 1, duplicated: 1 }));
    expect(result.examples.duplicated).toEqual([0]);
  });

  it('finds every kind of anomaly in one run', () => {
    const ledger = ledgerOf('aaaaafffii');
    const log = [0, 2, 2, 3, 5, 8, 12];
    const result = checkApplied(ledger, { log });
    expect(result.counts).toEqual({
      issued: 10,
      applied: 5,
      acknowledged: 5,
      failed: 3,
      indeterminate: 2,
      indeterminateApplied: 1,
      indeterminateNotApplied: 1,
      lost: 2,
      duplicated: 1,
      unexpected: 1,
      failedButApplied: 1,
      retries: 0,
    });
    expect(result.examples).toEqual({ lost: [1, 4], duplicated: [2], unexpected: [12] });
  });

  it('checks an empty ledger against an empty log', () => {
    expect(checkApplied(new Ledger(0), { log: [] })).toEqual({ counts: clean(0), examples: noExamples, duplicatesVisible: true });
  });
});

describe('checkApplied with applied flags', () => {
  it('finds lost and failed-but-applied ops and says duplicates are not visible', () => {
    const ledger = ledgerOf('aaaafi');
    for (const applied of [Uint8Array.from([1, 0, 1, 1, 1, 1]), [true, false, true, true, true, true]]) {
      const result = checkApplied(ledger, { applied });
      expect(result.counts).toEqual(
        clean(6, { applied: 5, acknowledged: 4, failed: 1, indeterminate: 1, indeterminateApplied: 1, lost: 1, failedButApplied: 1 }),
      );
      expect(result.examples).toEqual({ lost: [1], duplicated: [], unexpected: [] });
      expect(result.duplicatesVisible).toBe(false);
    }
  });

  it('counts a set flag past the last issued op as unexpected', () => {
    const result = checkApplied(ledgerOf('aa'), { applied: [true, true, false, true] });
    expect(result.counts).toEqual(clean(2, { unexpected: 1 }));
    expect(result.examples.unexpected).toEqual([3]);
  });

  it('refuses fewer flags than issued ops rather than calling the rest lost', () => {
    expect(() => checkApplied(ledgerOf('aaa'), { applied: [true, true] })).toThrow(/applied flag for each of the 3 issued ops, got 2/);
  });
});
