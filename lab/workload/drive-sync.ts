// `sync`: a plain awaited loop, one command and one reply per round trip.

import type { Redis } from 'ioredis';
import type { OperationPlan } from './commands.ts';
import type { Recorder } from './outcome.ts';
import type { OpRange } from './op-range.ts';
import { callOne } from './call-one.ts';

export const driveSync = async (client: Redis, plan: OperationPlan, range: OpRange, rec: Recorder): Promise<void> => {
  for (let i = range.start; i < range.end; i++) {
    if (!(await callOne(client, plan, i, rec))) return;
  }
};
