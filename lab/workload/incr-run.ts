// One complete run of the INCR workload: reset the counter, drive it, read it back, check.

import type { Redis } from 'ioredis';
import { watchGcPauses } from '../metrics/index.ts';
import type { Mode, Workload } from '../scenario/types.ts';
import { drive, type DriveOutcome } from './drive.ts';
import { verifyIncrRun, type Verdict } from './verify.ts';

export interface IncrRun extends Verdict {
  outcome: DriveOutcome;
  /** Client GC pause time during the timed span, ms. */
  clientGcMs: number;
}

// `client` carries the workload (through the proxy); `control` resets and reads the key
// on its own connection so that a fault on the measured link cannot hide the final state.
export const runIncr = async (client: Redis, control: Redis, mode: Mode, workload: Workload): Promise<IncrRun> => {
  await control.set(workload.key, '0');
  const gc = watchGcPauses();
  const outcome = await drive(client, mode, workload.key, workload.commands);
  const clientGcMs = gc.stop();
  const raw = await control.get(workload.key);
  return { outcome, clientGcMs, ...verifyIncrRun(outcome, raw === null ? null : Number(raw)) };
};
