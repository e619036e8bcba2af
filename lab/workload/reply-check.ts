// Per-operation reply checks: given the plan and the reply ioredis returned (RESP3 as JS
// values: integers as numbers, simple and bulk strings as strings, arrays, null for nil,
// Error objects for error replies), say what is wrong with it, or undefined when it is right.
// These checks hold however the operations were spread over connections; the run-level
// checks (counter-replies.ts, hash-replies.ts, final-state.ts) add what only a whole run fixes.

import type { ReplyCheck } from '../contracts/index.ts';
import type { OperationPlan } from './commands.ts';
import { describeReply, errorWord, quoteText, replyText } from './describe-reply.ts';
import { compileTemplate, type Template } from './placeholders.ts';
import { mgetKeyIndex } from './plan-keys.ts';
import { slotOfOp, tallies } from './plan-tallies.ts';
import { isValue } from './values.ts';

export { checkCounterReplies } from './counter-replies.ts';
export { checkHashFieldReplies } from './hash-replies.ts';
export { checkFinalValue, expectedFinalState, type ExpectedFinalState, type ExpectedValue, type FinalStateOptions } from './final-state.ts';
export type { RunCheckOptions } from './counter-replies.ts';

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
  const first = plan.keyIndexes[op] ?? 0;
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
      return expectPrefilled(plan, plan.keyIndexes[opIndex] ?? 0, reply);
    case 'HSET':
      return reply === 0 || reply === 1 ? undefined : `expected 1 (new field) or 0 (updated field), got ${describeReply(reply)}`;
    case 'MGET':
      return checkMget(plan, opIndex, reply);
    case 'EVAL':
    case 'EVALSHA':
    case 'CUSTOM':
      return checkCustom(plan, opIndex, reply, plan.workload.reply);
  }
};
