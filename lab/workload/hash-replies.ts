// Run-level check of HSET replies from an empty database: on each key exactly one HSET
// creates the field (reply 1) and every later one updates it (reply 0). Which operation gets
// the 1 is only fixed when one connection issued the operations in index order (`ordered`).

import type { OperationPlan } from './commands.ts';
import { Problems, type RunCheckOptions } from './counter-replies.ts';
import { slotOfOp, tallies } from './plan-tallies.ts';

/** `replies[op]`: the reply of each operation, NaN where none came back. */
export const checkHashFieldReplies = (plan: OperationPlan, replies: Float64Array, options: RunCheckOptions = {}): string | undefined => {
  if (replies.length !== plan.commands) return `expected ${plan.commands} replies, got ${replies.length}`;
  const { counts, firstOp } = tallies(plan);
  const ones = new Uint32Array(counts.length);
  const problems = new Problems();
  const field = plan.workload.field;
  for (let op = 0; op < replies.length; op++) {
    const reply = replies[op] ?? Number.NaN;
    const s = slotOfOp(plan, op);
    if (Number.isNaN(reply)) {
      problems.add(`op ${op} (key ${plan.keyOf(op)}): no reply`);
      continue;
    }
    if (reply !== 0 && reply !== 1) {
      problems.add(`op ${op} (key ${plan.keyOf(op)}): got ${reply}, expected 1 or 0`);
      continue;
    }
    if (options.ordered) {
      const expected = firstOp[s] === op ? 1 : 0;
      if (reply !== expected) {
        const why = expected === 1 ? 'the first write of the field' : 'the field already existed';
        problems.add(`op ${op} (key ${plan.keyOf(op)}): got ${reply}, expected ${expected} (${why}, one connection)`);
        continue;
      }
    }
    if (reply === 1) ones[s] = (ones[s] ?? 0) + 1;
  }
  if (!options.ordered) {
    for (let s = 0; s < ones.length; s++) {
      if (ones[s] !== 1) {
        const key = plan.keyName(plan.opKeys.keyIndexes[s] ?? 0);
        problems.add(`key ${key}: ${ones[s] ?? 0} HSETs created field ${field}, expected exactly 1`);
      }
    }
  }
  return problems.result();
};
