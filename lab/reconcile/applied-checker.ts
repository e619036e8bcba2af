// Jepsen's set checker, per operation: compares what the caller was told (the ledger) with how
// many times the server applied each op. Finds acknowledged ops that never applied (lost), ops
// applied more than once (duplicated), applications of ids never issued (unexpected), and ops
// reported failed that applied anyway; and resolves each indeterminate op to applied or not.

import type { ReconcileCounts, ReconcileEntry } from '../contracts/index.ts';
import { emptyCounts } from './counts.ts';
import { scanLog, type ExecutionLog } from './execution-log.ts';
import { ACKNOWLEDGED, FAILED, type Ledger } from './ledger.ts';

/** A flag per op id: did the server apply it (e.g. does the op's own key exist)? */
export type AppliedFlags = Uint8Array | readonly boolean[];

/**
 * How many times the server applied each op: an execution log (duplicates visible), or, for
 * keyed writes where a second application leaves no trace, an applied flag per op.
 */
export type Applications = { log: ExecutionLog } | { applied: AppliedFlags };

export interface AppliedCheck {
  counts: ReconcileCounts;
  /** The first (up to EXAMPLES) op ids of each anomaly, lowest id first; unexpected in log order. */
  examples: ReconcileEntry['examples'];
  /** True for an execution log; false for applied flags, where duplicated is always 0. */
  duplicatesVisible: boolean;
}

export const EXAMPLES = 5;

/**
 * Ops still `sent` (no outcome when the run ended) count as indeterminate, as Jepsen treats an
 * invocation that never completed.
 */
export const checkApplied = (ledger: Ledger, applications: Applications): AppliedCheck => {
  const size = ledger.size;
  const { timesApplied, unexpected } = 'log' in applications ? fromLog(applications.log, size) : fromFlags(applications.applied, size);
  const counts: ReconcileCounts = { ...emptyCounts(size), unexpected: unexpected.length, retries: ledger.counts().retries };
  const examples: AppliedCheck['examples'] = { lost: [], duplicated: [], unexpected: unexpected.slice(0, EXAMPLES) };
  for (let op = 0; op < size; op++) {
    const times = timesApplied[op] as number;
    const state = ledger.state(op);
    if (times > 0) counts.applied += 1;
    if (times > 1) {
      counts.duplicated += 1;
      if (examples.duplicated.length < EXAMPLES) examples.duplicated.push(op);
    }
    if (state === ACKNOWLEDGED) {
      counts.acknowledged += 1;
      if (times === 0) {
        counts.lost += 1;
        if (examples.lost.length < EXAMPLES) examples.lost.push(op);
      }
    } else if (state === FAILED) {
      counts.failed += 1;
      if (times > 0) counts.failedButApplied += 1;
    } else {
      counts.indeterminate += 1;
      if (times > 0) counts.indeterminateApplied += 1;
      else counts.indeterminateNotApplied += 1;
    }
  }
  return { counts, examples, duplicatesVisible: 'log' in applications };
};

// Per-op application counts from an execution log.
const fromLog = (log: ExecutionLog, size: number): { timesApplied: Uint32Array; unexpected: number[] } => {
  const { applications, unexpected } = scanLog(log, size);
  return { timesApplied: applications, unexpected };
};

// Per-op 0/1 from applied flags; a set flag past the last issued op is an unexpected id.
const fromFlags = (flags: AppliedFlags, size: number): { timesApplied: Uint8Array; unexpected: number[] } => {
  if (flags.length < size) {
    throw new RangeError(`Expected an applied flag for each of the ${size} issued ops, got ${flags.length}: read back every op before checking`);
  }
  const timesApplied = new Uint8Array(size);
  const unexpected: number[] = [];
  for (let op = 0; op < flags.length; op++) {
    if (!flags[op]) continue;
    if (op < size) timesApplied[op] = 1;
    else unexpected.push(op);
  }
  return { timesApplied, unexpected };
};
