// WAIT after the writes (a primary with replicas, `replication: {wait: ...}`): the WAIT a
// connection sends after each write (sync, auto) or each batch (pipeline, multi), on the same
// connection, and what the run records of it: each WAIT's own time and the replicas it reached.

import type { Redis } from 'ioredis';
import type { WaitOption } from '../contracts/index.ts';
import { LabError } from '../errors/index.ts';

const SETTLE_WAIT_MS = 5_000;

/** Before a run on a primary with replicas: returns once every replica holds what the reset and
 * the prefill wrote (WAIT on the primary's control connection), so that a read from a replica
 * finds its prefilled key and a WAIT measures the run's own writes, not the prefill's backlog. */
export const settleReplicas = async (primary: Redis, replicas: number): Promise<void> => {
  const reached = Number(await primary.call('WAIT', String(replicas), String(SETTLE_WAIT_MS)));
  if (reached < replicas) {
    throw new LabError('E_REDIS', `Replicas did not catch up before a run: WAIT ${replicas} reached ${reached} within ${SETTLE_WAIT_MS} ms`, {
      hint: 'The replication links are down or far slower than the scenario says; check the topology runtime.',
    });
  }
};

/** Every WAIT of one run, in preallocated arrays. */
export interface WaitTally {
  /** The WAIT alone, µs, and the replicas it reached, one per WAIT sent. */
  us: Float64Array;
  reached: Int32Array;
  count: number;
  /** Replicas each WAIT asked for. */
  asked: number;
}

export const newWaitTally = (capacity: number, wait: WaitOption): WaitTally => ({ us: new Float64Array(capacity), reached: new Int32Array(capacity), count: 0, asked: wait.replicas });

/** Sends WAIT on `client` and records it; a WAIT that fails throws (the caller's loop ends). */
export type WaitAfter = (client: Redis) => Promise<void>;

export const waitAfter = (wait: WaitOption, tally: WaitTally): WaitAfter => {
  const args = [String(wait.replicas), String(wait.timeoutMs)];
  return async (client) => {
    const startMs = performance.now();
    const reached = Number(await client.call('WAIT', ...args));
    const i = tally.count++;
    tally.us[i] = (performance.now() - startMs) * 1_000;
    tally.reached[i] = reached;
  };
};

/** A run's WAITs by replicas reached (`{"1": 300}`), and how many reached fewer than asked. */
export const waitCounts = (tally: WaitTally): { reached: Map<number, number>; underReplicated: number } => {
  const reached = new Map<number, number>();
  let underReplicated = 0;
  for (let i = 0; i < tally.count; i++) {
    const n = tally.reached[i] ?? 0;
    reached.set(n, (reached.get(n) ?? 0) + 1);
    if (n < tally.asked) underReplicated++;
  }
  return { reached, underReplicated };
};
