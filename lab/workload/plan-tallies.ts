// Per-key tallies of a plan (operations per key, first and last operation on each key),
// computed once per plan on first use by the reply and state checks, outside the timed span.

import type { OperationPlan } from './commands.ts';

export interface PlanTallies {
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
  const { keyIndexes } = plan;
  for (let op = 0; op < keyIndexes.length; op++) {
    const s = plan.opKeys.slotOf(keyIndexes[op] ?? 0);
    if ((counts[s] ?? 0) === 0) firstOp[s] = op;
    counts[s] = (counts[s] ?? 0) + 1;
    lastOp[s] = op;
  }
  const result = { counts, firstOp, lastOp };
  memo.set(plan, result);
  return result;
};

/** The slot of operation `op`'s key in `plan.opKeys`. */
export const slotOfOp = (plan: OperationPlan, op: number): number => plan.opKeys.slotOf(plan.keyIndexes[op] ?? 0);
