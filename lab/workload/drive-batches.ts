// `pipeline: B` and `multi: B`: B commands per batch, all replies awaited before the next
// batch. Each command's latency is its batch's time, which is what the caller waited.
// pipeline: ioredis Pipeline (non-transactional, one write); multi: MULTI ... EXEC, one write.

import type { Redis } from 'ioredis';
import type { OperationPlan } from './commands.ts';
import type { Recorder } from './outcome.ts';
import { nowUs, type OpRange } from './op-range.ts';

export interface BatchHooks {
  /** Called after each batch's replies (e.g. a memory sample). */
  afterBatch?: () => void;
}

export const driveBatches = async (
  client: Redis,
  plan: OperationPlan,
  range: OpRange,
  batch: number,
  transactional: boolean,
  rec: Recorder,
  hooks: BatchHooks = {},
): Promise<void> => {
  let batchIndex = 0;
  for (let offset = range.start; offset < range.end; offset += batch, batchIndex++) {
    const t0 = nowUs();
    const size = Math.min(batch, range.end - offset);
    try {
      const queue = transactional ? client.multi() : client.pipeline();
      for (let j = 0; j < size; j++) queue.call(plan.name, plan.argsOf(offset + j));
      const results = await queue.exec();
      rec.wait(nowUs() - t0, size);
      if (results === null) throw new Error('EXEC returned nil: the transaction was aborted');
      for (let j = 0; j < size; j++) {
        const [error, value] = results[j] ?? [new Error('no reply'), null];
        rec.reply(offset + j, error, value);
      }
    } catch (error) {
      // A rejected exec means the connection failed (or EXECABORT): no reply is trustworthy.
      rec.abort(`batch ${batchIndex + 1} (commands ${offset + 1}-${offset + size})`, error);
      return;
    }
    hooks.afterBatch?.();
  }
};
