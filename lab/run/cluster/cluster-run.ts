// What the cluster runner measures, before it becomes a LabResult (cluster-lab-result.ts): the
// runner's own record of node links, configs and faults. Internal: results carry the LabResult shape.

import type { Calibration, ClusterTopology, NodeShare, ReconcileEntry, TopologyEvent, Versions } from '../../contracts/index.ts';

export interface NodeLinkResult {
  node: string;
  role: 'primary' | 'replica';
  /** `ip:port` the node announces (CLUSTER SLOTS, MOVED). */
  announced: string;
  /** The client link, calibrated by PING through the node's client proxy against PING straight to it. */
  calibration: Calibration;
  /** The same link at rtt 0, sampled the same way: what the proxy alone adds. */
  flatCalibration: Calibration;
  /** The bus proxy carries the same toxics (ms per direction); it is not measured (the bus has no PING a client can send). */
  busUpstreamLatencyMs: number;
  busDownstreamLatencyMs: number;
}

export interface ClusterConfigResult {
  id: string;
  mode: string;
  /** `flat`: every link at rtt 0; `shaped`: the scenario's per-node links. */
  links: 'flat' | 'shaped';
  commands: number;
  runsMs: number[];
  medianMs: number | null;
  minMs: number | null;
  maxMs: number | null;
  opsPerSec: number | null;
  /** Waits of one run: batches (sync: commands); each batch costs its farthest node. */
  waits: number;
  perNode: NodeShare[];
  /** Redirects met across the measured runs (MOVED/ASK): 0 on a stable cluster with a fresh map. */
  redirects: number;
  /** Round trips model: flat median + sum over waits of the farthest node's added rtt. */
  modelMs: number | null;
  modelRatio: number | null;
  errors: number;
  /** Errors of each measured run, in run order (absent in runs recorded before it was kept). */
  runErrors?: number[];
  firstError?: string;
}

export interface ClusterFaultResult {
  /** The scenario's timeline event this row ran. */
  fault: TopologyEvent;
  /** What happened, in order, ms from the fault's start. */
  timeline: { atMs: number; event: string }[];
  /** Partition and down: from the node cut off (or frozen) to it back, ms from the fault's start,
   * as measured (absent for a failover, and in results written before 2026-12-02). */
  window?: { onMs: number; offMs: number };
  /** Writes issued during the fault window and after, by outcome. */
  writes: { acknowledged: number; failed: number; indeterminate: number };
  /** Acknowledged writes missing when read back after the cluster healed. */
  lost: number;
  /** From the same read-back (every write has its own key and value): writes found applied, and
   * of them the indeterminate and the failed ones. Absent in runs recorded before it was kept. */
  readBack?: { applied: number; indeterminateApplied: number; failedButApplied: number };
  /** Of those acknowledged, the ones acknowledged by the minority side's direct client (partition only). */
  minorityAcknowledged: number;
  minorityLost: number;
  redirects: { moved: number; ask: number };
  /** Round trips the redirects cost, ms (each: one round trip to the node that redirected). */
  redirectCostMs: number;
  retries: { clusterDown: number; tryAgain: number; connectionClosed: number };
  /** After the fault: the node that owns the fault node's shard's slots, and the fault node's own role (ROLE). */
  after: { primaryOfShard: string; nodeRole: string } | null;
  note: string;
}

/** One cluster run as the runner records it. */
export interface ClusterRun {
  scenario: { name: string; description: string; file?: string };
  runtime: 'local' | 'containers';
  versions: Versions;
  startedAt: string;
  durationMs: number;
  seed: number;
  topology: ClusterTopology;
  nodeTimeoutMs: number;
  links: NodeLinkResult[];
  configs: ClusterConfigResult[];
  faults: ClusterFaultResult[];
  /** One row per event × policy (cluster-policies.ts), after the lab writer's fault rows. */
  policyRows: ReconcileEntry[];
  /** Whether every measured run completed without an error and every acknowledged write survived. */
  pass: boolean;
  warnings: string[];
  notMeasured: string[];
}
