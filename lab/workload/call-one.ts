// One awaited command: its wait and reply are recorded. A reply error (Redis answered -ERR) is
// counted and the caller goes on; a connection error ends the caller's loop (returns false).

import type { Redis } from 'ioredis';
import type { OperationPlan } from './commands.ts';
import type { Recorder } from './outcome.ts';
import { isReplyError, nowUs } from './op-range.ts';

export const callOne = async (client: Redis, plan: OperationPlan, op: number, rec: Recorder): Promise<boolean> => {
  const t0 = nowUs();
  try {
    const value = await client.call(plan.name, plan.argsOf(op));
    rec.wait(nowUs() - t0, 1);
    rec.reply(op, null, value);
    return true;
  } catch (error) {
    if (!isReplyError(error)) {
      rec.abort(`command ${op + 1}`, error);
      return false;
    }
    rec.wait(nowUs() - t0, 1);
    rec.reply(op, error, null);
    return true;
  }
};
