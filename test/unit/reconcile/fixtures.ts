// Synthetic ledgers for the reconcile tests, written as one letter per op:
// a = acknowledged, f = failed, i = indeterminate, s = still sent (no outcome).

import { Ledger } from '../../../lab/reconcile/index.ts';

export interface LedgerShape {
  /** Ops per batch, in issue order (default: one batch for everything). */
  batchSize?: number;
  /** Connection of every op (default 0). */
  connection?: number;
  /** Initial capacity (default: exactly the op count). */
  capacity?: number;
}

export const ledgerOf = (outcomes: string, shape: LedgerShape = {}): Ledger => {
  const ledger = new Ledger(shape.capacity ?? outcomes.length);
  addOps(ledger, outcomes, shape);
  return ledger;
};

// Appends ops to an existing ledger (e.g. a second connection's ops).
export const addOps = (ledger: Ledger, outcomes: string, shape: LedgerShape = {}, firstBatch = 0): void => {
  const batchSize = shape.batchSize ?? Number.MAX_SAFE_INTEGER;
  [...outcomes].forEach((outcome, i) => {
    const op = ledger.issue(firstBatch + Math.floor(i / batchSize), shape.connection ?? 0);
    if (outcome === 'a') ledger.ack(op, op + 1);
    else if (outcome === 'f') ledger.fail(op, 'ClientOfflineError');
    else if (outcome === 'i') ledger.indeterminate(op, 'ECONNRESET');
    else if (outcome !== 's') throw new Error(`unknown outcome letter ${outcome}`);
  });
};

// 0 .. n-1, the log of a run where every op applied once, in order.
export const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

// The log without the given op ids.
export const without = (log: number[], ...ops: number[]): number[] => log.filter((op) => !ops.includes(op));
