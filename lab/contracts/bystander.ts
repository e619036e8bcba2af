// The bystander (issue 27, seed 001): a light second client that sends single GETs at a fixed
// rate while a config's measured runs run, and alone for as long as a baseline, so that what a
// big batch costs everyone else is a figure. `same`: in the lab's own process (it waits behind
// the lab's event loop and behind the server); `other`: in a child Node process (behind the
// server only); `both`: the two at once.

import type { LatencySummaryUs } from './result.ts';

export const BYSTANDER_PROCESSES = ['same', 'other', 'both'] as const;
export type BystanderProcess = (typeof BYSTANDER_PROCESSES)[number];

/** The commands a bystander can send: one each time, on its own connection. */
export const BYSTANDER_COMMANDS = ['GET'] as const;
type BystanderCommand = (typeof BYSTANDER_COMMANDS)[number];

/** `bystander: {rate: 200/s, command: GET, process: same}` as the scenario means it. */
export interface BystanderOptions {
  /** Commands per second, open loop: command k is due at t0 + k/rate. */
  ratePerSec: number;
  command: BystanderCommand;
  process: BystanderProcess;
}

/** One bystander's figures over a config's measured runs. */
export interface BystanderSideResult {
  process: 'same' | 'other';
  /** Alone (no main workload), for as long as each measured run took, right after it. */
  baselineLatencyUs: LatencySummaryUs | null;
  /** While the main workload's timed spans ran. Latency from each command's intended send time. */
  duringLatencyUs: LatencySummaryUs | null;
  /** during / baseline at the 50th and 99th percentile; null without samples on both sides. */
  p50Ratio: number | null;
  p99Ratio: number | null;
  /** Commands sent (baseline and during) and how many of them failed (never timed). */
  sent: number;
  errors: number;
}

/** Why the bystander stood on the cluster node it stood on. `workload-slot`: every key of the
 * workload is in one slot and the bystander's key in the same one, so it waits behind the whole
 * load; `own-key`: the workload's keys are spread over the primaries, and the bystander stands on
 * the node of its own key, which holds only part of the load. */
export type BystanderNodeChoice = 'workload-slot' | 'own-key';

export interface BystanderResult {
  command: BystanderCommand;
  ratePerSec: number;
  process: BystanderProcess;
  /** On a Redis Cluster: the primary whose client proxy every bystander GET went to (a plain
   * connection, no redirects), and why that one. Absent on one node or a primary with replicas. */
  node?: { name: string; chosen: BystanderNodeChoice };
  /** In the lab's process; present for `same` and `both`. */
  same?: BystanderSideResult;
  /** In a child Node process; present for `other` and `both`. */
  other?: BystanderSideResult;
  /** The longest the lab's event loop stood still during the main runs' timed spans, ms
   * (perf_hooks.monitorEventLoopDelay's max): building a batch and parsing its replies. */
  eventLoopMaxBlockMs: number | null;
}
