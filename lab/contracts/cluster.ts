// A Redis Cluster's shape and node names, and the per-node share a cluster config reports
// (ConfigResult.perNode). A scenario file with `topology: {cluster: ...}` is read by the shared
// grammar (lab/scenario); runScenario runs that Scenario into a LabResult.

import type { LatencySummaryUs } from './result.ts';

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
