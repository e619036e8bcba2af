// The lab's side of the bench: one INCR plan per mode, driven either by drive() alone (the
// timed span the lab reports) or by runWorkload() (reset, INFO, a young-generation GC, the client's memory
// and GC figures read around that span, verification). A run that did not do all its work throws: a fast run
// that dropped replies would make the comparison meaningless.

import type { Redis } from 'ioredis';
import { buildPlan, drive, runWorkload, type DriveOutcome, type OperationPlan } from '../../lab/workload/index.ts';
import type { Mode, Workload } from '../../lab/contracts/index.ts';
import { ownKeyspace } from '../../lab/keyspace/index.ts';

const BENCH_SEED = 1;

/** The one counter every bench run INCRs. */
export const BENCH_KEY = 'bench:counter';

/** Equal work: the counter holds exactly `commands` after every run, whichever side ran it. */
export const expectCounter = async (control: Redis, commands: number): Promise<void> => {
  const value = Number(await control.get(BENCH_KEY));
  if (value !== commands) throw new Error(`after a run ${BENCH_KEY} is ${value}, expected ${commands}`);
};

/** The INCR workload the bench runs: every operation on one counter key. */
const incrWorkload = (key: string, commands: number): Workload => ({
  label: 'INCR',
  command: 'INCR',
  key,
  keys: { kind: 'one' },
  commands: [commands],
  valueBytes: [{ minBytes: 16, maxBytes: 16 }],
  incrementBy: 1,
  field: 'field',
  mgetKeys: 10,
  args: [],
  reply: { kind: 'any' },
});

export const incrPlan = (key: string, commands: number): OperationPlan =>
  buildPlan(incrWorkload(key, commands), commands, { minBytes: 16, maxBytes: 16 }, BENCH_SEED);

const checkOutcome = (outcome: DriveOutcome): void => {
  const errors = Object.entries(outcome.errorsByKind);
  if (outcome.aborted !== undefined || errors.length > 0) {
    throw new Error(`the lab's run failed: ${outcome.aborted ?? outcome.firstError ?? errors.map(([k, n]) => `${k}×${n}`).join(', ')}`);
  }
};

/** drive() alone; returns its timed span, ms. */
export const labDrive = async (client: Redis, mode: Mode, plan: OperationPlan): Promise<number> => {
  const outcome = await drive({ clients: [client], mode, plan });
  checkOutcome(outcome);
  return outcome.totalMs;
};

export interface WholeRun {
  /** The timed span runWorkload reports (drive(), the client figures read around it), ms. */
  timedMs: number;
  /** The whole call: flushdb, INFO before and after, the span, verification, ms. */
  wallMs: number;
}

/** runWorkload(): the full measured run; it must verify. */
export const labRunWorkload = async (client: Redis, control: Redis, mode: Mode, plan: OperationPlan): Promise<WholeRun> => {
  const startNs = process.hrtime.bigint();
  const run = await runWorkload({ clients: [client], control, keyspace: ownKeyspace(), mode, plan });
  const wallMs = Number(process.hrtime.bigint() - startNs) / 1e6;
  checkOutcome(run.outcome);
  if (!run.verified) throw new Error(`the lab's run did not verify: ${run.failure ?? 'no reason given'}`);
  return { timedMs: run.outcome.totalMs, wallMs };
};
