// Run-level check of INCR / INCRBY replies from an empty database: on each key the replies
// must be exactly by, 2·by, …, k·by (k = operations on the key), each once. Their order is only
// fixed when one connection issued the operations in index order (`ordered`). O(N).

import type { OperationPlan } from './commands.ts';
import { slotOfOp, tallies } from './plan-tallies.ts';

export interface RunCheckOptions {
  /** One connection issued the operations in index order, so each reply is fixed exactly. */
  ordered?: boolean;
}

/** Collects problems: the first one described, the rest counted. */
export class Problems {
  first: string | undefined;
  count = 0;
  add(text: string): void {
    if (this.count++ === 0) this.first = text;
  }
  result(): string | undefined {
    if (this.first === undefined) return undefined;
    return this.count === 1 ? this.first : `${this.first} (and ${this.count - 1} more problems)`;
  }
}

/** `replies[op]`: the reply of each operation, NaN where none came back. */
export const checkCounterReplies = (plan: OperationPlan, replies: Float64Array, options: RunCheckOptions = {}): string | undefined => {
  if (replies.length !== plan.commands) return `expected ${plan.commands} replies, got ${replies.length}`;
  const { counts } = tallies(plan);
  const by = plan.incrementBy;
  // Position of reply k·by of slot s in `seen`: base[s] + k - 1.
  const base = new Float64Array(counts.length);
  for (let s = 1; s < counts.length; s++) base[s] = (base[s - 1] ?? 0) + (counts[s - 1] ?? 0);
  const seen = new Uint8Array(plan.commands);
  const issued = new Uint32Array(counts.length);
  const problems = new Problems();
  for (let op = 0; op < replies.length; op++) {
    const reply = replies[op] ?? Number.NaN;
    const s = slotOfOp(plan, op);
    const count = counts[s] ?? 0;
    const nth = (issued[s] = (issued[s] ?? 0) + 1);
    const where = () => `op ${op} (key ${plan.keyOf(op)})`;
    if (Number.isNaN(reply)) {
      problems.add(`${where()}: no reply`);
      continue;
    }
    if (by === 0) {
      if (reply !== 0) problems.add(`${where()}: got ${reply}, expected 0 (INCRBY 0)`);
      continue;
    }
    const k = reply / by;
    if (!Number.isInteger(k) || k < 1 || k > count) {
      problems.add(`${where()}: got ${reply}, expected a multiple of ${by} from ${by} to ${count * by}`);
      continue;
    }
    if (options.ordered && k !== nth) {
      problems.add(`${where()}: got ${reply}, expected ${nth * by} (increment ${nth} of ${count} on the key, one connection)`);
      continue;
    }
    const pos = (base[s] ?? 0) + k - 1;
    if (seen[pos]) problems.add(`${where()}: reply ${reply} came more than once on the key`);
    seen[pos] = 1;
  }
  return problems.result();
};
