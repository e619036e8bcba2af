// Jepsen's counter checker for a run of increments (INCR / INCRBY n) against one key that
// started at 0: every acknowledged increment must be in the final value (lower bound), and at
// most every increment that was not reported failed can be (upper bound). Without per-op tags
// this is all a counter can show, and indeterminate ops that never applied leave room in the
// upper bound where a duplicate can hide.

import type { ReconcileEntry } from '../contracts/index.ts';
import type { Ledger } from './ledger.ts';

export type CounterCheck = NonNullable<ReconcileEntry['counter']>;

/**
 * lower = acknowledged × incrementBy; upper = (acknowledged + indeterminate + still sent) ×
 * incrementBy. Failed ops count in neither. `finalValue` is the counter read after the run on a
 * fresh connection (subtract any starting value first).
 */
export const checkCounter = (ledger: Ledger, finalValue: number, incrementBy = 1): CounterCheck => {
  if (!Number.isFinite(finalValue)) {
    throw new TypeError(`Expected \`finalValue\` to be the counter read after the run, a finite number, got \`${finalValue}\` (${typeof finalValue})`);
  }
  if (!Number.isFinite(incrementBy) || incrementBy <= 0) {
    throw new TypeError(`Expected \`incrementBy\` to be a positive number (the checker handles increments only), got \`${incrementBy}\` (${typeof incrementBy})`);
  }
  const { sent, acknowledged, indeterminate } = ledger.counts();
  const lower = acknowledged * incrementBy;
  const upper = (acknowledged + indeterminate + sent) * incrementBy;
  return { final: finalValue, lower, upper, withinBounds: finalValue >= lower && finalValue <= upper };
};
