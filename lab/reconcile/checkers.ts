// Jepsen's set and counter checkers: what the caller was told (the ledger) against what the
// server applied.
//
// The set checker (checkApplied), per operation: compares the ledger with how many times the
// server applied each op. Finds acknowledged ops that never applied (lost), ops applied more
// than once (duplicated), applications of ids never issued (unexpected), and ops reported failed
// that applied anyway; and resolves each indeterminate op to applied or not.
//
// The counter checker (checkCounter), for a run of increments (INCR / INCRBY n) against one key
// that started at 0: every acknowledged increment must be in the final value (lower bound), and
// at most every increment that was not reported failed can be (upper bound). Without per-op
// tags this is all a counter can show, and indeterminate ops that never applied leave room in
// the upper bound where a duplicate can hide.

import type { ReconcileCounts, ReconcileEntry } from '../contracts/index.ts';
import { ACKNOWLEDGED, FAILED, type Ledger } from './ledger.ts';

// What the server says it applied: an execution log of op ids (in execution order, repeats
// allowed), as a tagged workload leaves it (each write also appends its op id to a list in the
// same atomic step). One pass turns it into per-op application counts and first positions.

/** Op ids in the order the server applied them; an id appears once per application. */
export type ExecutionLog = Uint32Array | readonly number[];

/** Position marking an op the log never applied. */
export const NEVER = 0xffff_ffff;

interface LogScan {
  /** Applications per op id (0 .. ledger size - 1). */
  applications: Uint32Array;
  /** Log position of each op's first application, or NEVER. */
  firstPosition: Uint32Array;
  /** Distinct log entries that name no issued op (not an integer id below the ledger size), first-seen order. */
  unexpected: number[];
}

// Reads the log once; `size` is the ledger's op count.
export const scanLog = (log: ExecutionLog, size: number): LogScan => {
  if (log.length >= NEVER) throw new RangeError(`The execution log is too long: ${log.length} entries (at most ${NEVER - 1})`);
  const applications = new Uint32Array(size);
  const firstPosition = new Uint32Array(size).fill(NEVER);
  const unexpected = new Set<number>();
  for (let position = 0; position < log.length; position++) {
    const op = log[position] as number;
    if (Number.isInteger(op) && op >= 0 && op < size) {
      if (applications[op] === 0) firstPosition[op] = position;
      applications[op]! += 1;
    } else {
      unexpected.add(op);
    }
  }
  return { applications, firstPosition, unexpected: [...unexpected] };
};

// The verdict row's counts, starting from nothing: every checker and every shortcut fills the
// same shape, so a new count is added in one place.

/** Counts of `issued` operations of which nothing is known yet. */
export const emptyCounts = (issued: number): ReconcileCounts => ({
  issued,
  applied: 0,
  acknowledged: 0,
  failed: 0,
  indeterminate: 0,
  indeterminateApplied: 0,
  indeterminateNotApplied: 0,
  lost: 0,
  duplicated: 0,
  unexpected: 0,
  failedButApplied: 0,
  retries: 0,
});

/** Counts of `issued` operations that were all applied once and acknowledged, then `overrides`. */
export const cleanCounts = (issued: number, overrides: Partial<ReconcileCounts> = {}): ReconcileCounts => ({
  ...emptyCounts(issued),
  applied: issued,
  acknowledged: issued,
  ...overrides,
});

/** A flag per op id: did the server apply it (e.g. does the op's own key exist)? */
type AppliedFlags = Uint8Array | readonly boolean[];

/**
 * How many times the server applied each op: an execution log (duplicates visible), or, for
 * keyed writes where a second application leaves no trace, an applied flag per op.
 */
type Applications = { log: ExecutionLog } | { applied: AppliedFlags };

interface AppliedCheck {
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
