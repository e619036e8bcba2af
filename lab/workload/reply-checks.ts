// Per-operation reply checks: given the plan and the reply ioredis returned (RESP3 as JS
// values: integers as numbers, simple and bulk strings as strings, arrays, null for nil,
// Error objects for error replies), say what is wrong with it, or undefined when it is right.
// These checks hold however the operations were spread over connections; the run-level
// checks (run-checks.ts) add what only a whole run fixes. Also here: the per-key tallies both
// use, and short descriptions of replies for the "what was wrong" text.

import type { ReplyCheck } from '../contracts/index.ts';
import { mgetKeyIndex } from './key-sets.ts';
import { compileTemplate, type OperationPlan, type Template } from './plan.ts';
import { isValue } from './values.ts';

// Per-key tallies: operations per key, first and last operation on each key, computed once per plan on first
// use by the reply and state checks, outside the timed span.

interface PlanTallies {
  /** Per slot of `plan.opKeys`: operations on that key. */
  counts: Uint32Array;
  /** Per slot: the first and the last operation on that key. */
  firstOp: Uint32Array;
  lastOp: Uint32Array;
}

const memo = new WeakMap<OperationPlan, PlanTallies>();

export const tallies = (plan: OperationPlan): PlanTallies => {
  const cached = memo.get(plan);
  if (cached) return cached;
  const slots = plan.opKeys.keyIndexes.length;
  const counts = new Uint32Array(slots);
  const firstOp = new Uint32Array(slots);
  const lastOp = new Uint32Array(slots);
  plan.keyIndexes.forEach((k, op) => {
    const s = plan.opKeys.slotOf(k);
    if ((counts[s] ?? 0) === 0) firstOp[s] = op;
    counts[s] = (counts[s] ?? 0) + 1;
    lastOp[s] = op;
  });
  const result = { counts, firstOp, lastOp };
  memo.set(plan, result);
  return result;
};

/** The slot of operation `op`'s key in `plan.opKeys`. */
export const slotOfOp = (plan: OperationPlan, op: number): number => plan.opKeys.slotOf(plan.keyIndexes.at(op));

// Short, readable descriptions of replies as ioredis hands them over (RESP3 as JS values),
// for the "what was wrong" text of a failed check. Long values are cut, with their size.

/** The first word of an error reply: `WRONGTYPE`, `ERR`, `NOSCRIPT`, … */
const errorWord = (error: Error): string => error.message.trim().split(/\s+/, 1)[0] || error.name;

/** A reply's text when it is a bulk or simple string (string or Buffer), else undefined. */
export const replyText = (reply: unknown): string | undefined => {
  if (typeof reply === 'string') return reply;
  if (reply instanceof Uint8Array) return Buffer.from(reply.buffer, reply.byteOffset, reply.byteLength).toString('utf8');
  return undefined;
};

/** `'OK'`, `'v42:xxxxxxxxxxxx…' (1024 bytes)`. */
export const quoteText = (text: string): string =>
  text.length <= 24 ? `'${text}'` : `'${text.slice(0, 16)}…' (${Buffer.byteLength(text, 'utf8')} bytes)`;

export const describeReply = (reply: unknown): string => {
  if (reply === null || reply === undefined) return 'nil';
  if (reply instanceof Error) return `error ${errorWord(reply)}`;
  const text = replyText(reply);
  if (text !== undefined) return quoteText(text);
  if (typeof reply === 'bigint' || Number.isInteger(reply)) return `integer ${String(reply)}`;
  if (typeof reply === 'number') return `number ${reply}`;
  if (Array.isArray(reply)) return `an array of ${reply.length}`;
  return `a ${typeof reply}`;
};

const isInteger = (reply: unknown): boolean => (typeof reply === 'number' && Number.isInteger(reply)) || typeof reply === 'bigint';

const expectText = (reply: unknown, expected: string): string | undefined =>
  replyText(reply) === expected ? undefined : `expected ${quoteText(expected)}, got ${describeReply(reply)}`;

// GET / MGET: the prefilled value of key k, compared without building it (the description of
// a wrong reply builds it).
const expectPrefilled = (plan: OperationPlan, k: number, reply: unknown): string | undefined => {
  const text = replyText(reply);
  if (text !== undefined && isValue(text, k, plan.prefill.sizeOf(k))) return undefined;
  return `expected ${quoteText(plan.prefill.valueOf(k))}, got ${describeReply(reply)}`;
};

// INCR / INCRBY: k·by for some k in 1..(operations on the key), whatever the interleaving.
const checkCounter = (plan: OperationPlan, op: number, reply: unknown): string | undefined => {
  if (!isInteger(reply)) return `expected an integer, got ${describeReply(reply)}`;
  const value = Number(reply);
  const by = plan.incrementBy;
  const count = tallies(plan).counts[slotOfOp(plan, op)] ?? 0;
  if (by === 0) return value === 0 ? undefined : `expected 0 (INCRBY 0), got ${value}`;
  const k = value / by;
  if (!Number.isInteger(k)) return `got ${value}, not a multiple of the increment ${by}`;
  if (k < 1 || k > count) {
    return `got ${value}, outside ${by}..${count * by} (the ${count} increments of key ${plan.keyOf(op)} by ${by})`;
  }
  return undefined;
};

const checkMget = (plan: OperationPlan, op: number, reply: unknown): string | undefined => {
  const m = plan.workload.mgetKeys;
  if (!Array.isArray(reply)) return `expected an array of ${m}, got ${describeReply(reply)}`;
  if (reply.length !== m) return `expected an array of ${m}, got ${describeReply(reply)}`;
  const first = plan.keyIndexes.at(op);
  for (let j = 0; j < m; j++) {
    const k = mgetKeyIndex(first, j, plan.keyCount);
    const wrong = expectPrefilled(plan, k, reply[j]);
    if (wrong) return `element ${j + 1} (key ${plan.keyName(k)}): ${wrong}`;
  }
  return undefined;
};

const equalsTemplates = new WeakMap<OperationPlan, Template>();

const checkCustom = (plan: OperationPlan, op: number, reply: unknown, check: ReplyCheck): string | undefined => {
  switch (check.kind) {
    case 'any':
      return undefined;
    case 'ok':
      return expectText(reply, 'OK');
    case 'integer':
      return isInteger(reply) ? undefined : `expected an integer, got ${describeReply(reply)}`;
    case 'equals': {
      let template = equalsTemplates.get(plan);
      if (!template) equalsTemplates.set(plan, (template = compileTemplate(check.text)));
      const expected = template.fill({ i: op, key: () => plan.keyOf(op), value: () => plan.valueOf(op) });
      const text = typeof reply === 'number' || typeof reply === 'bigint' ? String(reply) : replyText(reply);
      return text === expected ? undefined : `expected ${quoteText(expected)}, got ${describeReply(reply)}`;
    }
  }
};

/**
 * Does the per-plan work the checks need once (per-key operation counts for INCR / INCRBY)
 * up front, so that `checkReply` inside a timed span is only comparisons. Optional.
 */
export const prepareReplyChecks = (plan: OperationPlan): void => {
  if (plan.command === 'INCR' || plan.command === 'INCRBY' || plan.command === 'HSET') tallies(plan);
};

/** What is wrong with operation `op`'s reply, or undefined when it is right. */
export const checkReply = (plan: OperationPlan, opIndex: number, reply: unknown): string | undefined => {
  if (reply instanceof Error) return `error reply ${errorWord(reply)}`;
  switch (plan.command) {
    case 'INCR':
    case 'INCRBY':
      return checkCounter(plan, opIndex, reply);
    case 'SET':
      return expectText(reply, 'OK');
    case 'GET':
      if (reply === null || reply === undefined) return `nil: key ${plan.keyOf(opIndex)} was not prefilled or was deleted`;
      return expectPrefilled(plan, plan.keyIndexes.at(opIndex), reply);
    case 'HSET':
      return reply === 0 || reply === 1 ? undefined : `expected 1 (new field) or 0 (updated field), got ${describeReply(reply)}`;
    case 'MGET':
      return checkMget(plan, opIndex, reply);
    case 'EVAL':
    case 'EVALSHA':
    case 'CUSTOM':
      return checkCustom(plan, opIndex, reply, plan.workload.reply);
    case 'LPUSH':
    case 'RPUSH':
      return typeof reply === 'number' && reply >= 1 ? undefined : `expected the list's new length (1 or more), got ${describeReply(reply)}`;
    case 'SADD':
      return reply === 0 || reply === 1 ? undefined : `expected 1 (added) or 0 (already a member), got ${describeReply(reply)}`;
    case 'XADD':
      return typeof reply === 'string' && /^\d+-\d+$/.test(reply) ? undefined : `expected a stream id <ms>-<seq>, got ${describeReply(reply)}`;
    case 'SETNX':
      return reply === 'OK' || reply === null ? undefined : `expected OK (lock taken) or nil (already held), got ${describeReply(reply)}`;
  }
};
