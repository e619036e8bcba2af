// Who is who in a cluster the lab starts: `primaries` shards, `replicas` replicas each, named
// `primary-<shard>` and `replica-<shard>-<n>` (1-based; the names are the contract's), and the
// slot range each primary owns (16384 slots split as evenly as redis-cli splits them).

import { LabError } from '../../errors/index.ts';
import { clusterShapeProblem, primaryName, replicaName, type ClusterShape, type Topology } from '../../contracts/index.ts';

export const CLUSTER_SLOTS = 16384;
/** cluster-node-timeout when the topology does not say. */
const DEFAULT_NODE_TIMEOUT_MS = 2_000;
/** How long the nodes get to agree after creation. */
export const FORM_TIMEOUT_MS = 30_000;

export interface NodePlan {
  name: string;
  role: 'primary' | 'replica';
  /** 1-based shard: the primary's number, or the number of the primary a replica follows. */
  shard: number;
  /** The primary a replica follows at creation; null for a primary. */
  replicaOf: string | null;
  /** Primaries only: the slot range it is given at creation, inclusive. */
  slots?: { first: number; last: number };
}

// Every node of the shape, primaries first (in shard order), then replicas.
const planCluster = (shape: ClusterShape): NodePlan[] => {
  const problem = clusterShapeProblem(shape);
  if (problem !== undefined) throw new LabError('E_SCENARIO_INVALID', `Cannot start this cluster: ${problem}`, { hint: 'Use for example {cluster: {primaries: 3, replicas: 1}}.' });
  const nodes: NodePlan[] = [];
  for (let shard = 1; shard <= shape.primaries; shard++) {
    const first = Math.floor(((shard - 1) * CLUSTER_SLOTS) / shape.primaries);
    const last = Math.floor((shard * CLUSTER_SLOTS) / shape.primaries) - 1;
    nodes.push({ name: primaryName(shard), role: 'primary', shard, replicaOf: null, slots: { first, last } });
  }
  for (let shard = 1; shard <= shape.primaries; shard++) {
    for (let n = 1; n <= shape.replicas; n++) nodes.push({ name: replicaName(shard, n), role: 'replica', shard, replicaOf: primaryName(shard) });
  }
  return nodes;
};

/** A cluster topology's shape, its nodes and its cluster-node-timeout (ms, DEFAULT_NODE_TIMEOUT_MS
 * unless it says); E_SCENARIO_INVALID for any other topology. */
export const clusterPlan = (topology: Topology): { shape: ClusterShape; plans: NodePlan[]; nodeTimeoutMs: number } => {
  if (topology.kind !== 'cluster') throw new LabError('E_SCENARIO_INVALID', `Topology ${topology.kind} is not a cluster`, { hint: 'Use for example {cluster: {primaries: 3, replicas: 1}}.' });
  const shape = { primaries: topology.primaries, replicas: topology.replicasPerPrimary };
  return { shape, plans: planCluster(shape), nodeTimeoutMs: topology.nodeTimeoutMs ?? DEFAULT_NODE_TIMEOUT_MS };
};
