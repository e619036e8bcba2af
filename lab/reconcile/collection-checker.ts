// Jepsen's set and queue checkers for writes whose effect is an element or an id: each operation
// writes its own op id (LPUSH/RPUSH/SADD `op:<id>`, XADD `* op <id>`, SET <key> <id> NX), and
// the structure read back after the run says how many times each op landed.
//
// - list / stream (a queue): the op ids in the structure's order. An id twice is a duplicated
//   element (a re-sent LPUSH or XADD); an acknowledged id missing is lost; the order is checked
//   per connection like the execution log's (LPUSH's list is read tail first, so that the
//   sequence runs oldest first).
// - set: membership only. A set cannot hold a member twice, so a re-sent SADD leaves no trace:
//   that is what makes it safe to retry, and the checker reports it as such.
// - locks (SET NX): which op holds each lock. Two acknowledged OKs for the same lock is a lock
//   acquired twice; an op told nil (held by another) whose own id holds the lock is a leaked lock:
//   its first attempt took it, the re-send found it taken and the caller never releases it.

import type { ReconcileCounts, ReconcileEntry } from '../contracts/index.ts';
import { checkApplied, EXAMPLES, scanLog } from './checkers.ts';
import { ACKNOWLEDGED, type Ledger } from './ledger.ts';
import { checkPrefix } from './prefix-checker.ts';

/** What the server holds after the run, as op ids (-1: an element no op wrote). */
export type CollectionState =
  | { kind: 'sequence'; noun: 'list element' | 'stream message'; where: string; ids: readonly number[] }
  | { kind: 'set'; where: string; ids: readonly number[] }
  | { kind: 'locks'; where: string; lockOf: (op: number) => string; holders: ReadonlyMap<string, number>; /** SET NX PX: the lock's lease. */ leaseMs?: number };

export interface CollectionCheck {
  counts: ReconcileCounts;
  examples: ReconcileEntry['examples'];
  /** Per-connection order of a list or stream in a pipelined mode; null otherwise. */
  prefix: NonNullable<ReconcileEntry['prefix']> | null;
  /** What one op is called in the reasons. */
  noun: string;
  /** What was duplicated, leaked or acquired twice, in words (empty when nothing was). */
  findings: string[];
  /** SET NX: ops told nil (held by another) whose own id holds the lock; 0 for other writes. */
  leakedLocks: number;
}

// `1 lock`, `2 locks`.
const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

const listed = (ops: readonly number[], total: number, show: (op: number) => string): string =>
  `${ops.slice(0, EXAMPLES).map(show).join(', ')}${total > EXAMPLES ? `, … (${total} in all)` : ''}`;

const sequenceCheck = (ledger: Ledger, state: Extract<CollectionState, { kind: 'sequence' }>, pipelined: boolean): CollectionCheck => {
  const log = state.ids.map((id) => (id < 0 ? 0xffff_fffe : id));
  const { counts, examples } = checkApplied(ledger, { log });
  const { applications } = scanLog(log, ledger.size);
  const findings: string[] = [];
  if (counts.duplicated > 0) {
    const twice = examples.duplicated.map((op) => `op:${op} ×${applications[op] ?? 0}`);
    findings.push(`${state.where} holds ${count(counts.duplicated, state.noun)} more than once: ${twice.join(', ')}${counts.duplicated > EXAMPLES ? ', …' : ''}`);
  }
  if (counts.lost > 0) findings.push(`${state.where} lacks ${count(counts.lost, `acknowledged ${state.noun}`)}: ${listed(examples.lost, counts.lost, (op) => `op:${op}`)}`);
  const prefix = pipelined ? checkPrefix(ledger, log) : null;
  return {
    counts,
    examples,
    prefix: prefix === null ? null : { batchesChecked: prefix.batchesChecked, nonPrefix: prefix.nonPrefix, reordered: prefix.reordered },
    noun: state.noun,
    findings,
    leakedLocks: 0,
  };
};

const setCheck = (ledger: Ledger, state: Extract<CollectionState, { kind: 'set' }>): CollectionCheck => {
  const flags = new Uint8Array(Math.max(ledger.size, ...state.ids.map((id) => id + 1)));
  let strangers = 0;
  for (const id of state.ids) {
    if (id >= 0) flags[id] = 1;
    else strangers += 1;
  }
  const { counts, examples } = checkApplied(ledger, { applied: flags });
  const withStrangers = { ...counts, unexpected: counts.unexpected + strangers };
  const findings = counts.lost > 0 ? [`${state.where} lacks ${count(counts.lost, 'acknowledged member')}: ${listed(examples.lost, counts.lost, (op) => `op:${op}`)}`] : [];
  return { counts: withStrangers, examples, prefix: null, noun: 'set member', findings, leakedLocks: 0 };
};

const lockCheck = (ledger: Ledger, state: Extract<CollectionState, { kind: 'locks' }>): CollectionCheck => {
  const held = Uint8Array.from({ length: ledger.size }, (_, op) => (state.holders.get(state.lockOf(op)) === op ? 1 : 0));
  const { counts, examples } = checkApplied(ledger, { applied: held });
  const okByLock = new Map<string, number[]>();
  const leaked: number[] = [];
  for (let op = 0; op < ledger.size; op++) {
    if (ledger.state(op) !== ACKNOWLEDGED) continue;
    // The ledger records SET NX's nil (lock held) as 0 and OK as NaN.
    if (ledger.reply(op) === 0) {
      if (held[op] === 1) leaked.push(op);
      continue;
    }
    const lock = state.lockOf(op);
    okByLock.set(lock, [...(okByLock.get(lock) ?? []), op]);
  }
  const twice = [...okByLock.entries()].filter(([, ops]) => ops.length > 1);
  const findings: string[] = [];
  if (twice.length > 0) {
    const shown = twice.slice(0, EXAMPLES).map(([lock, ops]) => `${lock} by ops ${ops.join(', ')}`);
    findings.push(`${count(twice.length, 'lock')} acquired twice (two callers were told OK): ${shown.join('; ')}`);
  }
  if (leaked.length > 0) {
    findings.push(
      `${count(leaked.length, 'lock')} leaked: the caller was told the lock was already held (nil), but its own id holds it (the re-sent SET NX found the lock its first attempt took)` +
        `${state.leaseMs === undefined ? '' : `, held until its lease expired (px: ${state.leaseMs} ms)`}: ${listed(leaked, leaked.length, (op) => state.lockOf(op))}`,
    );
  }
  return {
    // Acquired twice is a duplicate grant. A leaked lock is none of the counts (the caller got a
    // reply, and the op applied once): it is its own finding, and the judge makes it UNSAFE.
    counts: { ...counts, duplicated: counts.duplicated + twice.length },
    examples: { ...examples, duplicated: twice.slice(0, EXAMPLES).map(([, ops]) => ops[1] ?? 0) },
    prefix: null,
    noun: 'lock',
    findings,
    leakedLocks: leaked.length,
  };
};

/** Compares the ledger with the structure read back; `pipelined`: check per-connection order. */
export const checkCollection = (ledger: Ledger, state: CollectionState, pipelined: boolean): CollectionCheck => {
  switch (state.kind) {
    case 'sequence':
      return sequenceCheck(ledger, state, pipelined);
    case 'set':
      return setCheck(ledger, state);
    case 'locks':
      return lockCheck(ledger, state);
  }
};
