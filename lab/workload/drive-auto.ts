// `auto: C`: ioredis auto-pipelining (the client must be created with enableAutoPipelining).
// C callers each await their own commands one at a time; ioredis batches whatever the callers
// issued in the same event-loop turn into one pipeline. Each command's latency is its own await.

import type { Redis } from 'ioredis';
import type { OperationPlan } from './commands.ts';
import type { Recorder } from './outcome.ts';
import type { OpRange } from './op-range.ts';
import { callOne } from './call-one.ts';

// Caller k issues operations start+k, start+k+C, ...: interleaved, so the work stays in order overall.
const caller = async (client: Redis, plan: OperationPlan, range: OpRange, first: number, stride: number, rec: Recorder): Promise<void> => {
  for (let i = first; i < range.end; i += stride) {
    if (!(await callOne(client, plan, i, rec))) return;
  }
};

export const driveAuto = async (client: Redis, plan: OperationPlan, range: OpRange, callers: number, rec: Recorder): Promise<void> => {
  const count = Math.min(callers, range.end - range.start);
  await Promise.all(Array.from({ length: count }, (_, k) => caller(client, plan, range, range.start + k, callers, rec)));
};
