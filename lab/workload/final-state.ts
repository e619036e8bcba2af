// What the server must hold after a run that started from an empty database (plus the
// prefill): the expected value of every key the run wrote or read, or of an even sample of
// them when there are many, to be read back on a separate connection and compared.

import type { OperationPlan } from './commands.ts';
import { describeReply, quoteText, replyText } from './describe-reply.ts';
import { tallies } from './plan-tallies.ts';

export interface ExpectedValue {
  key: string;
  /** HSET: read the field with HGET; otherwise read the key with GET. */
  field?: string;
  /** The value after the operations ran in index order on one connection. */
  value: string;
  /** Every acceptable value: just `value`, or with several connections (`connectionOf`),
   * the last value each connection wrote to the key, since their order is not fixed. */
  anyOf: readonly string[];
}

export interface ExpectedFinalState {
  /** counters: INCR/INCRBY totals; strings: SET's last write; hash-fields: HSET's last write;
   * prefilled: GET/MGET leave the prefill unchanged; unchecked: EVAL/EVALSHA/CUSTOM. */
  kind: 'counters' | 'strings' | 'hash-fields' | 'prefilled' | 'unchecked';
  entries: ExpectedValue[];
  /** Keys whose final value is known (entries may hold only a sample of them). */
  keys: number;
  /** True when `entries` is an even sample of the `keys` keys, not all of them. */
  sampled: boolean;
}

export interface FinalStateOptions {
  /** Most keys to list; larger key sets are sampled evenly. Default 10 000. */
  sampleKeys?: number;
  /** The connection that issued each operation, when several did. */
  connectionOf?: (op: number) => number;
}

export const DEFAULT_SAMPLE_KEYS = 10_000;

// Up to `limit` evenly spaced positions out of `size`.
const samplePositions = (size: number, limit: number): number[] => {
  const n = Math.min(size, Math.max(limit, 0));
  return Array.from({ length: n }, (_, j) => Math.floor((j * size) / n));
};

// SET / HSET: per sampled slot, the last op of each connection on that key.
const lastWrites = (plan: OperationPlan, slots: number[], connectionOf: (op: number) => number): Map<number, Map<number, number>> => {
  const bySlot = new Map<number, Map<number, number>>(slots.map((s) => [s, new Map()]));
  for (let op = 0; op < plan.commands; op++) {
    const perConnection = bySlot.get(plan.opKeys.slotOf(plan.keyIndexes[op] ?? 0));
    perConnection?.set(connectionOf(op), op);
  }
  return bySlot;
};

/** The expected final state of a run of `plan` (see ExpectedFinalState). */
export const expectedFinalState = (plan: OperationPlan, options: FinalStateOptions = {}): ExpectedFinalState => {
  const limit = options.sampleKeys ?? DEFAULT_SAMPLE_KEYS;
  const { command } = plan;
  if (command === 'EVAL' || command === 'EVALSHA' || command === 'CUSTOM') {
    return { kind: 'unchecked', entries: [], keys: 0, sampled: false };
  }
  if (command === 'GET' || command === 'MGET') {
    const keys = plan.prefill.keyIndexes;
    const entries = samplePositions(keys.length, limit).map((p) => {
      const k = keys[p] ?? 0;
      const value = plan.prefill.valueOf(k);
      return { key: plan.keyName(k), value, anyOf: [value] };
    });
    return { kind: 'prefilled', entries, keys: keys.length, sampled: entries.length < keys.length };
  }
  const keys = plan.opKeys.keyIndexes;
  const slots = samplePositions(keys.length, limit);
  const { counts, lastOp } = tallies(plan);
  const sampled = slots.length < keys.length;
  if (command === 'INCR' || command === 'INCRBY') {
    const entries = slots.map((s) => {
      const value = String((counts[s] ?? 0) * plan.incrementBy);
      return { key: plan.keyName(keys[s] ?? 0), value, anyOf: [value] };
    });
    return { kind: 'counters', entries, keys: keys.length, sampled };
  }
  const writes = options.connectionOf ? lastWrites(plan, slots, options.connectionOf) : undefined;
  const field = command === 'HSET' ? { field: plan.workload.field } : {};
  const entries = slots.map((s) => {
    const value = plan.valueOf(lastOp[s] ?? 0);
    const ops = writes?.get(s);
    const anyOf = ops ? [...new Set([...ops.values()].map((op) => plan.valueOf(op)))] : [value];
    return { key: plan.keyName(keys[s] ?? 0), ...field, value, anyOf };
  });
  return { kind: command === 'HSET' ? 'hash-fields' : 'strings', entries, keys: keys.length, sampled };
};

/** What is wrong with the value read back for `entry` (GET or HGET reply), or undefined. */
export const checkFinalValue = (entry: ExpectedValue, actual: unknown): string | undefined => {
  const where = entry.field === undefined ? `key ${entry.key}` : `field ${entry.field} of key ${entry.key}`;
  const text = typeof actual === 'number' ? String(actual) : replyText(actual);
  if (text !== undefined && entry.anyOf.includes(text)) return undefined;
  const expected = entry.anyOf.length === 1 ? quoteText(entry.value) : `one of ${entry.anyOf.length} last writes`;
  return `${where} holds ${describeReply(actual)}, expected ${expected}`;
};
