// Run-level checks, made after the timed span: what only a whole run fixes.
//
// Replies: INCR / INCRBY and HSET replies from an empty database follow a per-key sequence
// (checkCounterReplies, checkHashFieldReplies); their order is only fixed when one connection
// issued the operations in index order (`ordered`). O(N).
//
// Final state: what the server must hold after a run that started from an empty database (plus
// the prefill): the expected value of every key the run wrote or read, or of an even sample of
// them when there are many, to be read back on a separate connection and compared.

import { isCollectionCommand } from '../contracts/index.ts';
import type { OperationPlan } from './plan.ts';
import { describeReply, quoteText, replyText, slotOfOp, tallies } from './reply-checks.ts';

interface RunCheckOptions {
  /** One connection issued the operations in index order, so each reply is fixed exactly. */
  ordered?: boolean;
}

/** Collects problems: the first one described, the rest counted. */
class Problems {
  first: string | undefined;
  count = 0;
  add(text: string): void {
    this.addLazy(() => text);
  }
  /** As add, describing the problem only when it is the first. */
  addLazy(describe: () => string): void {
    if (this.count++ === 0) this.first = describe();
  }
  result(): string | undefined {
    if (this.first === undefined) return undefined;
    return this.count === 1 ? this.first : `${this.first} (and ${this.count - 1} more problems)`;
  }
}

/**
 * A run's numeric replies checked as they come (INCR / INCRBY / HSET), holding per-key counts
 * and no reply per operation: add() each operation's reply (NaN: none came back; with
 * `ordered`, in operation order, and operations skipped count as no reply), result() after the
 * run. The same verdicts and texts as checking all replies at once.
 */
export interface RunReplyCheck {
  add(op: number, reply: number): void;
  /** The first problem and how many more, or undefined. Call once, after the last add. */
  result(): string | undefined;
}

abstract class StreamedReplies implements RunReplyCheck {
  protected readonly problems = new Problems();
  #next = 0;
  #added = 0;

  constructor(
    protected readonly plan: OperationPlan,
    protected readonly ordered: boolean,
  ) {}

  add(op: number, reply: number): void {
    if (this.ordered) {
      for (let o = this.#next; o < op; o++) this.#none(o);
      this.#next = Math.max(this.#next, op + 1);
    }
    this.#added++;
    if (Number.isNaN(reply)) this.#none(op);
    else this.check(op, reply);
  }

  result(): string | undefined {
    if (this.ordered) {
      for (let o = this.#next; o < this.plan.commands; o++) this.#none(o);
      this.#next = this.plan.commands;
    } else if (this.#added < this.plan.commands) {
      const missing = this.plan.commands - this.#added;
      this.problems.add(`${missing} of ${this.plan.commands} operations: no reply`);
      this.problems.count += missing - 1;
    }
    this.finish();
    return this.problems.result();
  }

  /** One reply that came back. */
  protected abstract check(op: number, reply: number): void;
  /** An operation that got no reply (counters: it still took its turn on the key). */
  protected abstract skipped(op: number): void;
  /** After the last reply: the per-key checks. */
  protected abstract finish(): void;

  #none(op: number): void {
    this.skipped(op);
    this.problems.addLazy(() => `op ${op} (key ${this.plan.keyOf(op)}): no reply`);
  }
}

// INCR / INCRBY: on each key the replies must be exactly by, 2·by, …, k·by (k = operations on
// the key), each once. Ordered, reply n on a key must be n·by; unordered, a bitset (one bit
// per operation, at its key's base + k - 1) finds a reply that came twice.
class CounterReplies extends StreamedReplies {
  readonly #counts: Uint32Array;
  readonly #issued: Uint32Array;
  readonly #base: Float64Array | null;
  readonly #seen: Uint32Array | null;

  constructor(plan: OperationPlan, ordered: boolean) {
    super(plan, ordered);
    this.#counts = tallies(plan).counts;
    this.#issued = new Uint32Array(this.#counts.length);
    if (ordered) {
      this.#base = null;
      this.#seen = null;
    } else {
      const counts = this.#counts;
      const base = new Float64Array(counts.length);
      for (let s = 1; s < counts.length; s++) base[s] = (base[s - 1] ?? 0) + (counts[s - 1] ?? 0);
      this.#base = base;
      this.#seen = new Uint32Array(Math.ceil(plan.commands / 32));
    }
  }

  protected skipped(op: number): void {
    const s = slotOfOp(this.plan, op);
    this.#issued[s] = (this.#issued[s] ?? 0) + 1;
  }

  protected check(op: number, reply: number): void {
    const plan = this.plan;
    const s = slotOfOp(plan, op);
    const count = this.#counts[s] ?? 0;
    const nth = (this.#issued[s] = (this.#issued[s] ?? 0) + 1);
    const by = plan.incrementBy;
    const where = () => `op ${op} (key ${plan.keyOf(op)})`;
    if (by === 0) {
      if (reply !== 0) this.problems.addLazy(() => `${where()}: got ${reply}, expected 0 (INCRBY 0)`);
      return;
    }
    const k = reply / by;
    if (!Number.isInteger(k) || k < 1 || k > count) {
      this.problems.addLazy(() => `${where()}: got ${reply}, expected a multiple of ${by} from ${by} to ${count * by}`);
      return;
    }
    if (this.ordered) {
      if (k !== nth) this.problems.addLazy(() => `${where()}: got ${reply}, expected ${nth * by} (increment ${nth} of ${count} on the key, one connection)`);
      return;
    }
    const seen = this.#seen as Uint32Array;
    const pos = ((this.#base as Float64Array)[s] ?? 0) + k - 1;
    const word = Math.floor(pos / 32);
    const bit = 1 << pos % 32;
    const old = seen[word] ?? 0;
    if ((old & bit) !== 0) this.problems.addLazy(() => `${where()}: reply ${reply} came more than once on the key`);
    seen[word] = old | bit;
  }

  protected finish(): void {}
}

// HSET: on each key exactly one HSET creates the field (reply 1) and every later one updates it (reply 0).
class HashFieldReplies extends StreamedReplies {
  readonly #firstOp: Uint32Array;
  readonly #ones: Uint32Array;

  constructor(plan: OperationPlan, ordered: boolean) {
    super(plan, ordered);
    const t = tallies(plan);
    this.#firstOp = t.firstOp;
    this.#ones = new Uint32Array(t.counts.length);
  }

  protected skipped(): void {}

  protected check(op: number, reply: number): void {
    const plan = this.plan;
    const s = slotOfOp(plan, op);
    if (reply !== 0 && reply !== 1) {
      this.problems.addLazy(() => `op ${op} (key ${plan.keyOf(op)}): got ${reply}, expected 1 or 0`);
      return;
    }
    if (this.ordered) {
      const expected = this.#firstOp[s] === op ? 1 : 0;
      if (reply !== expected) {
        const why = expected === 1 ? 'the first write of the field' : 'the field already existed';
        this.problems.addLazy(() => `op ${op} (key ${plan.keyOf(op)}): got ${reply}, expected ${expected} (${why}, one connection)`);
        return;
      }
    }
    if (reply === 1) this.#ones[s] = (this.#ones[s] ?? 0) + 1;
  }

  protected finish(): void {
    if (this.ordered) return;
    const ones = this.#ones;
    for (let s = 0; s < ones.length; s++) {
      if (ones[s] !== 1) {
        const key = this.plan.keyName(this.plan.opKeys.keyIndexes[s] ?? 0);
        this.problems.add(`key ${key}: ${ones[s] ?? 0} HSETs created field ${this.plan.workload.field}, expected exactly 1`);
      }
    }
  }
}

/** The streamed reply check of a plan whose replies are checked per key (INCR, INCRBY, HSET), else null. */
export const runReplyCheck = (plan: OperationPlan, options: RunCheckOptions = {}): RunReplyCheck | null => {
  const ordered = options.ordered === true;
  if (plan.command === 'INCR' || plan.command === 'INCRBY') return new CounterReplies(plan, ordered);
  if (plan.command === 'HSET') return new HashFieldReplies(plan, ordered);
  return null;
};

// Feeds a whole run's replies, in operation order, to a streamed check.
const checkAll = (check: RunReplyCheck, replies: Float64Array): string | undefined => {
  for (let op = 0; op < replies.length; op++) check.add(op, replies[op] ?? Number.NaN);
  return check.result();
};

/**
 * INCR / INCRBY: on each key the replies must be exactly by, 2·by, …, k·by (k = operations on
 * the key), each once. `replies[op]`: the reply of each operation, NaN where none came back.
 */
export const checkCounterReplies = (plan: OperationPlan, replies: Float64Array, options: RunCheckOptions = {}): string | undefined => {
  if (replies.length !== plan.commands) return `expected ${plan.commands} replies, got ${replies.length}`;
  return checkAll(new CounterReplies(plan, options.ordered === true), replies);
};

/**
 * HSET: on each key exactly one HSET creates the field (reply 1) and every later one updates it
 * (reply 0). `replies[op]`: the reply of each operation, NaN where none came back.
 */
export const checkHashFieldReplies = (plan: OperationPlan, replies: Float64Array, options: RunCheckOptions = {}): string | undefined => {
  if (replies.length !== plan.commands) return `expected ${plan.commands} replies, got ${replies.length}`;
  return checkAll(new HashFieldReplies(plan, options.ordered === true), replies);
};

interface ExpectedValue {
  key: string;
  /** HSET: read the field with HGET; otherwise read the key with GET. */
  field?: string;
  /** The value after the operations ran in index order on one connection. */
  value: string;
  /** Every acceptable value: just `value`, or with several connections (`connectionOf`),
   * the last value each connection wrote to the key, since their order is not fixed. */
  anyOf: readonly string[];
}

interface ExpectedFinalState {
  /** counters: INCR/INCRBY totals; strings: SET's last write; hash-fields: HSET's last write;
   * prefilled: GET/MGET leave the prefill unchanged; unchecked: EVAL/EVALSHA/CUSTOM, and the
   * collection writes (LPUSH/RPUSH/SADD/XADD/SETNX: each reply is checked, the structure only
   * under a fault). */
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

const DEFAULT_SAMPLE_KEYS = 10_000;

// Up to `limit` evenly spaced positions out of `size`.
const samplePositions = (size: number, limit: number): number[] => {
  const n = Math.min(size, Math.max(limit, 0));
  return Array.from({ length: n }, (_, j) => Math.floor((j * size) / n));
};

// SET / HSET: per sampled slot, the last op of each connection on that key.
const lastWrites = (plan: OperationPlan, slots: number[], connectionOf: (op: number) => number): Map<number, Map<number, number>> => {
  const bySlot = new Map<number, Map<number, number>>(slots.map((s) => [s, new Map()]));
  for (let op = 0; op < plan.commands; op++) {
    const perConnection = bySlot.get(plan.opKeys.slotOf(plan.keyIndexes.at(op)));
    perConnection?.set(connectionOf(op), op);
  }
  return bySlot;
};

/** The expected final state of a run of `plan` (see ExpectedFinalState). */
export const expectedFinalState = (plan: OperationPlan, options: FinalStateOptions = {}): ExpectedFinalState => {
  const limit = options.sampleKeys ?? DEFAULT_SAMPLE_KEYS;
  const { command } = plan;
  if (command === 'EVAL' || command === 'EVALSHA' || command === 'CUSTOM' || isCollectionCommand(command)) {
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
