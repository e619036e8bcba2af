// The drivers: one timed run of a plan's operations over one or more connections. The timed
// span runs from preparing the first command to receiving the last reply on every connection;
// resetting state, prefilling, reading INFO and checking the final state happen outside it.

import type { Redis } from 'ioredis';
import { batchSize, type Mode } from '../contracts/index.ts';
import type { OperationPlan } from './commands.ts';
import { Recorder, type DriveOutcome } from './outcome.ts';
import { nowUs, splitOps, type OpRange } from './op-range.ts';
import { driveSync } from './drive-sync.ts';
import { driveBatches } from './drive-batches.ts';
import { driveAuto } from './drive-auto.ts';

export interface DriveInput {
  /** One client per connection; for `auto` each must have enableAutoPipelining. */
  clients: Redis[];
  mode: Mode;
  plan: OperationPlan;
  /** Called between batches (pipeline, multi): a cheap memory sample. */
  afterBatch?: () => void;
}

// Waits one connection records for its share: one per command, or one per batch.
const waitsOf = (mode: Mode, range: OpRange): number => {
  const size = range.end - range.start;
  if (mode.kind === 'pipeline' || mode.kind === 'multi') return Math.ceil(size / batchSize(mode, size));
  return size;
};

const driveConnection = (client: Redis, input: DriveInput, range: OpRange, rec: Recorder): Promise<void> => {
  const { mode, plan } = input;
  switch (mode.kind) {
    case 'sync':
      return driveSync(client, plan, range, rec);
    case 'pipeline':
    case 'multi': {
      const hooks = input.afterBatch ? { afterBatch: input.afterBatch } : {};
      return driveBatches(client, plan, range, batchSize(mode, plan.size), mode.kind === 'multi', rec, hooks);
    }
    case 'auto':
      return driveAuto(client, plan, range, mode.callers, rec);
  }
};

export const drive = async (input: DriveInput): Promise<DriveOutcome> => {
  const ranges = splitOps(input.plan.size, input.clients.length);
  const rec = new Recorder(input.plan, ranges.reduce((sum, r) => sum + waitsOf(input.mode, r), 0));
  const startUs = nowUs();
  await Promise.all(
    ranges.map((range, c) => {
      const client = input.clients[c];
      if (client === undefined) throw new Error(`drive: no client for connection ${c}`);
      return driveConnection(client, input, range, rec);
    }),
  );
  rec.outcome.totalMs = (nowUs() - startUs) / 1_000;
  return rec.outcome;
};
