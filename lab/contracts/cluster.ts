// A Redis Cluster scenario as the cluster runner takes it, and its result (issue 13, items 1-3).
// A scenario file with `topology: {cluster: ...}` is read by the shared grammar (lab/scenario)
// and turned into this shape by clusterScenarioOf (lab/run/cluster/cluster-scenario.ts).

import type { Calibration, LabResult, LatencySummaryUs, Versions } from './result.ts';

export interface ClusterShape {
  primaries: number;
  replicas: number;
}

export interface ClusterTopology {
  cluster: ClusterShape;
}

/** Redis Cluster needs 3 primaries for a failover majority; more than 16 nodes is beyond a lab's machine. */
const MIN_PRIMARIES = 3;
const MAX_NODES = 16;

/** Why a shape cannot be started, or undefined when it can. */
export const clusterShapeProblem = (shape: ClusterShape): string | undefined => {
  const total = shape.primaries * (1 + shape.replicas);
  const ok = Number.isInteger(shape.primaries) && shape.primaries >= MIN_PRIMARIES && Number.isInteger(shape.replicas) && shape.replicas >= 0 && total <= MAX_NODES;
  return ok ? undefined : `a cluster needs at least ${MIN_PRIMARIES} primaries, 0 or more replicas each and ${MAX_NODES} nodes at most; got ${shape.primaries} primaries and ${shape.replicas} replicas each`;
};

export const primaryName = (shard: number): string => `primary-${shard}`;
export const replicaName = (shard: number, n: number): string => `replica-${shard}-${n}`;

/** Every node's name, primaries first (shard order), then replicas: `primary-1`, `replica-1-1`. */
export const clusterNodeNames = (shape: ClusterShape): string[] => {
  const names: string[] = [];
  for (let shard = 1; shard <= shape.primaries; shard++) names.push(primaryName(shard));
  for (let shard = 1; shard <= shape.primaries; shard++) for (let n = 1; n <= shape.replicas; n++) names.push(replicaName(shard, n));
  return names;
};

/** Latency INTO one node: its client proxy (clients, and replication to its replicas) and its
 * bus proxy (cluster bus messages to it) carry the same toxics. */
interface NodeLinkInput {
  rttMs: number;
}

/** Which cluster modes the lab drives: one command per round trip, or B commands per batch,
 * each batch split into one pipeline per owning primary sent at once (ioredis refuses a pipeline
 * whose keys live on different primaries). */
export type ClusterMode = { kind: 'sync' } | { kind: 'pipeline'; batch: number };

export type ClusterFault =
  /** CLUSTER FAILOVER on a replica (coordinated: it waits for the replica to catch up; TAKEOVER:
   * no agreement, no catch-up), then one run with the client's slot map left stale. */
  | { kind: 'failover'; node: string; takeover: boolean; mode: ClusterMode }
  /** The node cut off from the rest and from clients that use its proxy, both ways, for forMs;
   * a client connected straight to it writes on the minority side meanwhile. */
  | { kind: 'partition'; node: string; forMs: number }
  /** The node's process frozen (SIGSTOP) for forMs, then thawed (SIGCONT). */
  | { kind: 'down'; node: string; forMs: number };

export interface ClusterScenario {
  name: string;
  description: string;
  file?: string;
  topology: ClusterTopology;
  /** cluster-node-timeout, ms. */
  nodeTimeoutMs: number;
  /** Default link of every node, and per-node overrides by node name. */
  network: { rttMs: number; nodes: Record<string, NodeLinkInput> };
  workload: { command: 'SET' | 'INCR'; key: string; keys: number; commands: number; valueBytes: number };
  modes: ClusterMode[];
  /** ioredis scaleReads for read commands (`master` | `slave` | `all`). */
  scaleReads: 'master' | 'slave' | 'all';
  warmup: number;
  repeat: number;
  calibrationPings: number;
  seed: number;
  faults: ClusterFault[];
}

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

export interface NodeShare {
  node: string;
  /** Commands this node answered (first attempt's owner in the client's map). */
  commands: number;
  /** Round trips to this node the client waited on (sync: one per command; pipeline: one per batch that had keys here). */
  waits: number;
  /** Per-wait latency at this node, µs (sync: each command; pipeline: each per-node sub-pipeline),
   * from the exact samples. */
  p50Us: number | null;
  p99Us: number | null;
  /** The same samples as an HDR histogram (`hdr`, with its percentiles), as a single-node config
   * keeps its latency, so it can be exported (.hgrm) and merged. Absent in results written before
   * it was kept, and when the node answered no timed wait. */
  latencyUs?: LatencySummaryUs;
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
  firstError?: string;
}

export interface ClusterFaultResult {
  fault: ClusterFault;
  /** What happened, in order, ms from the fault's start. */
  timeline: { atMs: number; event: string }[];
  /** Partition and down: from the node cut off (or frozen) to it back, ms from the fault's start,
   * as measured (absent for a failover, and in results written before 2026-12-02). */
  window?: { onMs: number; offMs: number };
  /** Writes issued during the fault window and after, by outcome. */
  writes: { acknowledged: number; failed: number; indeterminate: number };
  /** Acknowledged writes missing when read back after the cluster healed. */
  lost: number;
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

export interface ClusterResult {
  kind: 'cluster';
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
  /** Whether every measured run completed without an error and every acknowledged write survived. */
  pass: boolean;
  warnings: string[];
  notMeasured: string[];
}

/** What a result file holds: a run of `runScenario` (LabResult) or of the cluster runner. */
export type AnyResult = LabResult | ClusterResult;

export const isClusterResult = (result: AnyResult): result is ClusterResult => 'kind' in result && result.kind === 'cluster';
