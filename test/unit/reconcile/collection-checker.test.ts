import { describe, expect, it } from 'vitest';
import { checkCollection, Ledger } from '../../../lab/reconcile/index.ts';
import { ledgerOf, range } from './fixtures.ts';

// A batch of 4 whose replies were lost and which a policy re-sent: ops 4..7 were applied twice
// and acknowledged by the second attempt.
const resentLedger = (): Ledger => ledgerOf('aaaaaaaa', { batchSize: 4 });
const resent = [...range(8), 4, 5, 6, 7];

describe('checkCollection: lists and streams (a queue)', () => {
  it('passes a list that holds every acknowledged element once, in order', () => {
    const check = checkCollection(resentLedger(), { kind: 'sequence', noun: 'list element', where: 'list l', ids: range(8) }, true);
    expect(check.counts).toMatchObject({ applied: 8, lost: 0, duplicated: 0, unexpected: 0 });
    expect(check.prefix).toEqual({ batchesChecked: 2, nonPrefix: 0, reordered: 0 });
    expect(check.findings).toEqual([]);
  });

  it('finds a re-sent batch as duplicated elements and says which', () => {
    const check = checkCollection(resentLedger(), { kind: 'sequence', noun: 'list element', where: 'list l', ids: resent }, false);
    expect(check.counts).toMatchObject({ applied: 8, duplicated: 4, lost: 0 });
    expect(check.examples.duplicated).toEqual([4, 5, 6, 7]);
    expect(check.findings).toEqual(['list l holds 4 list elements more than once: op:4 ×2, op:5 ×2, op:6 ×2, op:7 ×2']);
  });

  it('finds an acknowledged element missing as lost, and an element no op wrote as unexpected', () => {
    const check = checkCollection(ledgerOf('aaaa'), { kind: 'sequence', noun: 'stream message', where: 'stream s', ids: [0, 1, 3, -1] }, false);
    expect(check.counts).toMatchObject({ applied: 3, lost: 1, unexpected: 1 });
    expect(check.findings).toEqual(['stream s lacks 1 acknowledged stream message: op:2']);
  });
});

describe('checkCollection: sets', () => {
  it('a re-sent SADD leaves each member once: nothing duplicated, indeterminate ops resolved', () => {
    const check = checkCollection(ledgerOf('aaii'), { kind: 'set', where: 'set s', ids: [0, 1, 2] }, true);
    expect(check.counts).toMatchObject({ applied: 3, duplicated: 0, lost: 0, indeterminate: 2, indeterminateApplied: 1, indeterminateNotApplied: 1 });
    expect(check.prefix).toBeNull();
  });

  it('an acknowledged member missing is lost', () => {
    const check = checkCollection(ledgerOf('aaa'), { kind: 'set', where: 'set s', ids: [0, 2] }, false);
    expect(check.counts.lost).toBe(1);
    expect(check.findings).toEqual(['set s lacks 1 acknowledged member: op:1']);
  });
});

describe('checkCollection: locks (SET NX)', () => {
  const lockLedger = (replies: number[]): Ledger => {
    const ledger = new Ledger(replies.length);
    replies.forEach((reply) => ledger.ack(ledger.issue(0, 0), reply));
    return ledger;
  };

  it('a lock its own op holds but was told nil for is leaked', () => {
    // Ops 0 and 1 got OK (NaN); op 2 got nil (0) but holds lock 2: its re-send found its own lock.
    const check = checkCollection(
      lockLedger([Number.NaN, Number.NaN, 0]),
      { kind: 'locks', where: 'locks', lockOf: (op) => `lock:${op}`, holders: new Map(range(3).map((op) => [`lock:${op}`, op])) },
      false,
    );
    expect(check.counts).toMatchObject({ applied: 3, lost: 0, duplicated: 0, failedButApplied: 0 });
    expect(check.leakedLocks).toBe(1);
    expect(check.findings).toEqual([
      '1 lock leaked: the caller was told the lock was already held (nil), but its own id holds it (the re-sent SET NX found the lock its first attempt took): lock:2',
    ]);
  });

  it('a leaked lock with a lease reads as held until its lease expired', () => {
    const check = checkCollection(
      lockLedger([Number.NaN, Number.NaN, 0]),
      { kind: 'locks', where: 'locks', lockOf: (op) => `lock:${op}`, holders: new Map(range(3).map((op) => [`lock:${op}`, op])), leaseMs: 30_000 },
      false,
    );
    expect(check.findings).toEqual([
      '1 lock leaked: the caller was told the lock was already held (nil), but its own id holds it (the re-sent SET NX found the lock its first attempt took), held until its lease expired (px: 30000 ms): lock:2',
    ]);
  });

  it('two OKs for one lock is a lock acquired twice', () => {
    const check = checkCollection(
      lockLedger([Number.NaN, Number.NaN]),
      { kind: 'locks', where: 'locks', lockOf: () => 'lock:a', holders: new Map([['lock:a', 1]]) },
      false,
    );
    expect(check.counts.duplicated).toBe(1);
    expect(check.counts.lost).toBe(1); // op 0 was told OK, but op 1 holds the lock
    expect(check.findings[0]).toBe('1 lock acquired twice (two callers were told OK): lock:a by ops 0, 1');
  });
});
