// Whether a measured run counts: every reply came back, none was an error or wrong, and the
// server holds what the operations should have left (read on a separate connection, outside
// the timed span). A dropped reply, an error or a foreign write fails the run; a failed run is
// never reported as fast.

import type { Redis } from 'ioredis';
import type { Mode } from '../contracts/index.ts';
import type { OperationPlan } from './commands.ts';
import type { DriveOutcome } from './outcome.ts';
import { checkCounterReplies, checkFinalValue, checkHashFieldReplies, expectedFinalState } from './reply-check.ts';
import { splitOps } from './op-range.ts';
import { chunkSize } from './chunks.ts';

export interface Verdict {
  verified: boolean;
  /** What was wrong, first problem first. */
  failure?: string;
}

// The connection each operation went out on (contiguous shares, see splitOps).
const connectionOfFor = (plan: OperationPlan, connections: number): ((op: number) => number) => {
  const ends = splitOps(plan.size, connections).map((r) => r.end);
  return (op) => ends.findIndex((end) => op < end);
};

// Reads the expected keys (or a sample) back in pipelined chunks and compares.
const checkFinalState = async (control: Redis, plan: OperationPlan, connections: number): Promise<string | undefined> => {
  const expected = expectedFinalState(plan, connections > 1 ? { connectionOf: connectionOfFor(plan, connections) } : {});
  const size = chunkSize(plan.valueSize.maxBytes);
  for (let start = 0; start < expected.entries.length; start += size) {
    const chunk = expected.entries.slice(start, start + size);
    const pipeline = control.pipeline();
    for (const entry of chunk) {
      if (entry.field === undefined) pipeline.get(entry.key);
      else pipeline.hget(entry.key, entry.field);
    }
    const results = (await pipeline.exec()) ?? [];
    for (const [j, entry] of chunk.entries()) {
      const [error, value] = results[j] ?? [new Error('no reply'), null];
      const wrong = error ? `reading ${entry.key} failed: ${error.message}` : checkFinalValue(entry, value);
      if (wrong !== undefined) return `after the run, ${wrong}${expected.sampled ? ` (checked a sample of ${expected.entries.length} of ${expected.keys} keys)` : ''}`;
    }
  }
  return undefined;
};

export const verifyRun = async (
  control: Redis,
  plan: OperationPlan,
  mode: Mode,
  connections: number,
  outcome: DriveOutcome,
): Promise<Verdict> => {
  if (outcome.aborted) return { verified: false, failure: `run aborted at ${outcome.aborted}` };
  const errors = Object.entries(outcome.errorsByKind);
  if (errors.length > 0) {
    const total = errors.reduce((sum, [, n]) => sum + n, 0);
    return { verified: false, failure: `${total} reply error(s) (${errors.map(([k, n]) => `${k}×${n}`).join(', ')}): ${outcome.firstError ?? ''}` };
  }
  if (outcome.wrongReplies > 0) {
    const noun = outcome.wrongReplies === 1 ? 'reply' : 'replies';
    return { verified: false, failure: `${outcome.wrongReplies} wrong ${noun}, first: ${outcome.firstWrongReply ?? '?'}` };
  }
  if (outcome.numericReplies !== null) {
    // The per-key order is fixed only when one caller issued everything in order.
    const ordered = connections === 1 && mode.kind !== 'auto';
    const check = plan.command === 'HSET' ? checkHashFieldReplies : checkCounterReplies;
    const wrong = check(plan, outcome.numericReplies, { ordered });
    if (wrong !== undefined) return { verified: false, failure: wrong };
  }
  const wrongState = await checkFinalState(control, plan, connections);
  return wrongState === undefined ? { verified: true } : { verified: false, failure: wrongState };
};
