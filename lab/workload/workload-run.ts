// One complete measured run: reset the instance, prefill what the workload reads, read INFO,
// collect the client's garbage, drive the timed span (sampling client memory and GC), read
// INFO again, verify.

import type { Redis } from 'ioredis';
import { collectGarbage, infoDelta, parseInfo, startMemorySampler, watchGcPauses, type MemoryRun } from '../metrics/index.ts';
import type { ServerInfoDelta } from '../contracts/index.ts';
import type { Mode } from '../contracts/index.ts';
import type { OperationPlan } from './commands.ts';
import { drive } from './drive.ts';
import type { DriveOutcome } from './outcome.ts';
import { prepareReplyChecks } from './reply-check.ts';
import { chunkSize } from './chunks.ts';
import { verifyRun, type Verdict } from './verify-run.ts';

export interface WorkloadRun extends Verdict {
  outcome: DriveOutcome;
  /** Client GC pause time during the timed span, ms. */
  clientGcMs: number;
  memory: MemoryRun;
  serverInfo: ServerInfoDelta;
}

export interface WorkloadRunInput {
  /** One per connection, through the proxy (or direct for the baseline). */
  clients: Redis[];
  /** Straight to Redis, the lab's own instance: reset, prefill, INFO, read-back. */
  control: Redis;
  mode: Mode;
  plan: OperationPlan;
}

const INFO_SECTIONS = ['clients', 'memory', 'stats', 'errorstats'];

// GET and MGET read keys that must exist: write them, outside the timed span.
const prefill = async (control: Redis, plan: OperationPlan): Promise<void> => {
  const chunk = chunkSize(plan.valueSize.maxBytes);
  let pipeline = control.pipeline();
  let queued = 0;
  for (const { key, value } of plan.prefill.entries()) {
    pipeline.set(key, value);
    if (++queued === chunk) {
      await pipeline.exec();
      pipeline = control.pipeline();
      queued = 0;
    }
  }
  if (queued > 0) await pipeline.exec();
  if (plan.sha !== undefined && plan.workload.script !== undefined) await control.script('LOAD', plan.workload.script);
};

const readInfo = async (control: Redis) => parseInfo(String(await control.call('INFO', INFO_SECTIONS)));

export const runWorkload = async ({ clients, control, mode, plan }: WorkloadRunInput): Promise<WorkloadRun> => {
  await control.flushdb(); // the lab's own instance: every run starts from an empty database
  await prefill(control, plan);
  prepareReplyChecks(plan);
  const before = await readInfo(control);
  collectGarbage(); // start from a clean heap: the run's memory figures are its own
  const memory = startMemorySampler();
  const gc = watchGcPauses();
  const outcome = await drive({ clients, mode, plan, afterBatch: memory.sample });
  const clientGcMs = gc.stop();
  const memoryRun = memory.stop();
  const serverInfo = infoDelta(before, await readInfo(control));
  const verdict = await verifyRun(control, plan, mode, clients.length, outcome);
  return { outcome, clientGcMs, memory: memoryRun, serverInfo, ...verdict };
};
