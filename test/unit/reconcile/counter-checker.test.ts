import { describe, expect, it } from 'vitest';
import { checkCounter } from '../../../lab/reconcile/index.ts';
import { ledgerOf } from './fixtures.ts';

describe('checkCounter', () => {
  it('passes a clean run: the counter equals the acknowledged increments', () => {
    expect(checkCounter(ledgerOf('aaaaaaaaaa'), 10)).toEqual({ final: 10, lower: 10, upper: 10, withinBounds: true });
  });

  it('bounds by acknowledged (lower) and acknowledged + indeterminate + still sent (upper), never failed', () => {
    const ledger = ledgerOf('aaaaaaiisfff');
    expect(checkCounter(ledger, 6)).toEqual({ final: 6, lower: 6, upper: 9, withinBounds: true });
    expect(checkCounter(ledger, 9).withinBounds).toBe(true);
  });

  it('finds a lost increment below the lower bound and a duplicate above the upper bound', () => {
    const ledger = ledgerOf('aaaaaaiisfff');
    expect(checkCounter(ledger, 5)).toEqual({ final: 5, lower: 6, upper: 9, withinBounds: false });
    expect(checkCounter(ledger, 10)).toEqual({ final: 10, lower: 6, upper: 9, withinBounds: false });
  });

  it('scales the bounds by the increment', () => {
    expect(checkCounter(ledgerOf('aaif'), 15, 5)).toEqual({ final: 15, lower: 10, upper: 15, withinBounds: true });
    expect(checkCounter(ledgerOf('aaif'), 16, 5).withinBounds).toBe(false);
  });

  it('rejects a missing final value and a non-positive increment', () => {
    expect(() => checkCounter(ledgerOf('a'), Number.NaN)).toThrow(/`finalValue`/);
    expect(() => checkCounter(ledgerOf('a'), 1, 0)).toThrow(/`incrementBy`/);
    expect(() => checkCounter(ledgerOf('a'), 1, -1)).toThrow(TypeError);
  });
});
