// Topologies past one node (issue 13): what a scenario asks for (`topology:`, per-node links,
// replication options, a timeline of partitions, downs and failovers) and how nodes are named.
// Plain data and pure helpers; imports nothing of the lab. The cluster runtime uses the same
// names and the same link rule (see NODE NAMING and LINK RULE below).
//
// NODE NAMING (the one rule every runtime, link, fault and result uses):
// - `single`: one node, `primary` (the existing single-node path keeps its one proxy `redis`).
// - `{primary: 1, replicas: N}`: `primary`, `replica-1` .. `replica-N`.
// - `{cluster: {primaries: P, replicas: R}}`: `primary-1` .. `primary-P`, and the replicas of
//   primary i `replica-i-1` .. `replica-i-R` (shard i = 1..P).
// - `{primary: 1, replicas: N, sentinels: S}`: the nodes of `{primary: 1, replicas: N}`, watched by
//   S sentinels `sentinel-1` .. `sentinel-S` (not nodes: they hold no data), which monitor the
//   primary under the master name SENTINEL_MASTER_NAME. Each sentinel has a client proxy of its
//   name; sentinels and replicas announce their proxies, so every address a client learns from a
//   sentinel is a proxy address. A sentinel's link is the default link (LINK RULE).
//
// PROXIES (every byte between nodes and between client and nodes crosses Toxiproxy):
// - one client proxy per node, named by the node (`primary`, `replica-1`): clients reach the node
//   through it, and a replica announces its address (`replica-announce-ip/port`);
// - one peer proxy per ordered pair of nodes that may replicate, named `<from>-><to>`: node `from`
//   dials node `to` through it (a replica's `replicaof` is the proxy `replica-1->primary`). Pairs
//   are made for every ordered pair, so a failover can re-point any node at any other.
// A proxy shapes both directions of the connections made through it, so a pair's proxy shapes the
// replication stream (down: to the replica) and its ACKs (up: to the primary). A cluster runtime
// names its extra proxies after the node too (e.g. a bus proxy `<node>.bus`) and applies the same
// LINK RULE to them; in a cluster, replication dials the master's announced client port, so the
// client proxy carries it there (topologies.md §3).
//
// LINK RULE: `network.rtt` (with jitter) applies to every link; `network.nodes.<name>.rtt`
// overrides it for every link that touches that node: the client proxy of the node and every
// peer proxy with the node at either end. A link between two nodes with overrides takes the
// larger one (the farther node sets the distance). A node's rtt is its distance from everything
// else: `{replica-1: {rtt: 10ms}}` puts replica-1 10 ms from the clients and from the primary.

import type { Bandwidth } from './link.ts';
import type { Mode } from './mode.ts';
import type { FaultAction } from './scenario.ts';

/** How the sentinels of a primary/replicas topology watch the primary (`sentinel:` in a scenario). */
export interface SentinelOptions {
  /** How many sentinels: 1 to 7 (odd recommended). */
  sentinels: number;
  /** Sentinels that must agree the primary is down before a failover; default a majority. */
  quorum: number;
  /** `sentinel down-after-milliseconds`: unreachable this long before a sentinel calls it down. */
  downAfterMs: number;
  /** `sentinel failover-timeout`. */
  failoverTimeoutMs: number;
}

/** The name the sentinels monitor the primary under (`SENTINEL get-master-addr-by-name lab-primary`). */
export const SENTINEL_MASTER_NAME = 'lab-primary';

/** `sentinel-1` .. `sentinel-S` (see NODE NAMING); none without sentinels. */
export const sentinelNames = (topology: Topology): string[] =>
  topology.kind === 'replicas' && topology.sentinel !== undefined ? Array.from({ length: topology.sentinel.sentinels }, (_, i) => `sentinel-${i + 1}`) : [];

export type Topology =
  | { kind: 'single' }
  /** sentinel: present when sentinels watch the primary (and decide its failover). */
  | { kind: 'replicas'; replicas: number; sentinel?: SentinelOptions }
  /** nodeTimeoutMs: cluster-node-timeout, only when the scenario writes it (default 2000 ms). */
  | { kind: 'cluster'; primaries: number; replicasPerPrimary: number; nodeTimeoutMs?: number };

export type NodeRole = 'primary' | 'replica';

export interface TopologyNode {
  /** `primary`, `replica-1`, `primary-2`, `replica-2-1` (see NODE NAMING). */
  name: string;
  /** The role the node starts in; a failover changes it at run time. */
  role: NodeRole;
  /** 1-based shard (cluster); 1 for the primary/replicas form. */
  shard: number;
  /** The node a replica replicates from at start; null for a primary. */
  replicaOf: string | null;
}

/** Every node of a topology, primaries first within each shard. */
export const topologyNodes = (topology: Topology): TopologyNode[] => {
  switch (topology.kind) {
    case 'single':
      return [{ name: 'primary', role: 'primary', shard: 1, replicaOf: null }];
    case 'replicas':
      return [
        { name: 'primary', role: 'primary', shard: 1, replicaOf: null },
        ...Array.from({ length: topology.replicas }, (_, i): TopologyNode => ({ name: `replica-${i + 1}`, role: 'replica', shard: 1, replicaOf: 'primary' })),
      ];
    case 'cluster':
      return Array.from({ length: topology.primaries }, (_, s) => {
        const primary = `primary-${s + 1}`;
        return [
          { name: primary, role: 'primary' as const, shard: s + 1, replicaOf: null },
          ...Array.from({ length: topology.replicasPerPrimary }, (_, r): TopologyNode => ({ name: `replica-${s + 1}-${r + 1}`, role: 'replica', shard: s + 1, replicaOf: primary })),
        ];
      }).flat();
  }
};

/** How a topology is written back (`{primary: 1, replicas: 2}`), for labels and errors. */
export const topologyLabel = (topology: Topology): string =>
  topology.kind === 'single'
    ? 'single'
    : topology.kind === 'replicas'
      ? `{primary: 1, replicas: ${topology.replicas}${topology.sentinel === undefined ? '' : `, sentinels: ${topology.sentinel.sentinels}`}}`
      : `{cluster: {primaries: ${topology.primaries}, replicas: ${topology.replicasPerPrimary}}}`;

/** The peer proxy through which node `from` dials node `to`. */
export const peerProxyName = (from: string, to: string): string => `${from}->${to}`;

/** The links a timeline's link fault may name: each node (its client proxy), then on a
 * primary/replicas topology each peer link `from->to` (every ordered pair of nodes has one; a
 * cluster's bus and replication share one proxy per node, which a partition cuts). */
export const faultLinkNames = (topology: Topology): string[] => {
  const names = topologyNodes(topology).map((n) => n.name);
  if (topology.kind === 'cluster') return names;
  // A sentinel's client link too (`sentinel-1`): the path the client's sentinel traffic takes.
  return [...names, ...names.flatMap((from) => names.filter((to) => to !== from).map((to) => peerProxyName(from, to))), ...sentinelNames(topology)];
};

/** A node's own link, overriding `network.rtt` / `network.jitter` for every link that touches it. */
export interface NodeLink {
  rttMs: number;
  jitterMs: number;
  /** Uncapped unless given. */
  bandwidth?: Bandwidth;
}

/** Which link shapes a proxy gets: the default link and the nodes' overrides (LINK RULE). */
export interface NodeLinks {
  /** The default link (network.rtt / jitter: one value each in a topology scenario). */
  rttMs: number;
  jitterMs: number;
  /** Per-node overrides, by node name. */
  nodes: Record<string, NodeLink>;
}

/** The link of a node's client proxy. */
export const clientLinkOf = (links: NodeLinks, node: string): NodeLink => links.nodes[node] ?? { rttMs: links.rttMs, jitterMs: links.jitterMs };

/** The link of the peer proxy between two nodes: the larger override of the two ends, else the default. */
export const peerLinkOf = (links: NodeLinks, a: string, b: string): NodeLink => {
  const ends = [links.nodes[a], links.nodes[b]].filter((link): link is NodeLink => link !== undefined);
  if (ends.length === 0) return { rttMs: links.rttMs, jitterMs: links.jitterMs };
  return ends.reduce((far, link) => (link.rttMs > far.rttMs || (link.rttMs === far.rttMs && link.jitterMs > far.jitterMs) ? link : far));
};

// --- WAIT and reads ------------------------------------------------------------------------

/** `wait: {replicas: 1, timeout: 100ms}`: WAIT numreplicas timeout after each write, on its connection. */
export interface WaitOption {
  replicas: number;
  timeoutMs: number;
}

/** `replication:` options of a primary/replicas scenario. */
export interface ReplicationOptions {
  /** An axis: null = no WAIT, else WAIT after each write. */
  wait: (WaitOption | null)[];
  /** Where reads go (GET, MGET, read-only CUSTOM: `isReadCommand`): a node name; default `primary`. On a cluster: `primary`,
   * `replica` or `all` (ioredis scaleReads master, slave, all). */
  readFrom: string;
  /** Replication lag sampling (replica-across-dc): marker keys written per second on the primary. */
  markersPerSec: number;
}

/** `no WAIT`, `WAIT 1 100ms`: a WAIT setting as config ids and row ids name it. */
export const waitLabel = (wait: WaitOption | null): string => (wait === null ? 'no WAIT' : `WAIT ${wait.replicas} ${wait.timeoutMs}ms`);

/**
 * A primary/replicas scenario runs on the failover runner when it has a timeline; otherwise on
 * the single-node measuring path, aimed at the primary's client proxy, WAIT settings an axis of
 * its configs and reads sent to `read-from` (docs/topologies.md).
 */
export const needsTimelineRunner = (timeline: readonly unknown[] | undefined): boolean => timeline !== undefined && timeline.length > 0;

/** WAIT after some write, or reads from a replica: the single path's replication settings. */
export const asksReplication = (replication: ReplicationOptions | undefined): boolean =>
  replication !== undefined && (replication.wait.some((w) => w !== null) || replication.readFrom !== 'primary');

// Read-only commands a CUSTOM workload may name; the workload commands GET and MGET read too.
const READ_COMMANDS: ReadonlySet<string> = new Set(['GET', 'MGET', 'STRLEN', 'EXISTS', 'TTL', 'PTTL', 'TYPE', 'GETRANGE', 'HGET', 'HMGET', 'HGETALL', 'HLEN', 'HEXISTS', 'LLEN', 'LRANGE', 'LINDEX', 'SCARD', 'SISMEMBER', 'SMEMBERS', 'ZCARD', 'ZSCORE', 'ZRANGE', 'ZRANK', 'XLEN', 'XRANGE', 'PING', 'ECHO', 'DBSIZE']);

/** A command that only reads (by its name on the wire, any case): it goes to `read-from` and
 * takes no WAIT. */
export const isReadCommand = (name: string): boolean => READ_COMMANDS.has(name.toUpperCase());

/**
 * A cluster scenario runs on the single-node measuring path, with ioredis Cluster clients, when
 * every workload is a request workload and there is no timeline; otherwise on the cluster runner
 * (docs/topologies.md).
 */
export const clusterOnSinglePath = (workloads: readonly { request?: unknown }[] | undefined, timeline: readonly unknown[] | undefined): boolean =>
  workloads !== undefined && workloads.length > 0 && workloads.every((w) => w.request !== undefined) && !needsTimelineRunner(timeline);

// --- the timeline of a topology run ----------------------------------------------------------

/** Who a partition cuts the nodes off from. */
export type PartitionFrom = 'peers' | 'clients' | 'all';

export type TopologyAction =
  /** Disable the proxies between `nodes` and the rest: peer proxies (replication, bus), client proxies, or both. */
  | { kind: 'partition'; nodes: string[]; from: PartitionFrom }
  /** Disable every proxy into or out of the node (its process keeps running). */
  | { kind: 'down'; node: string }
  /** `REPLICAOF NO ONE` on the node; clients move to it; when the partition that isolated the old
   * primary heals, the old primary is demoted with REPLICAOF to it (discarding its divergent writes).
   * On a cluster: CLUSTER FAILOVER [TAKEOVER] on the replica, then one run of the workload in
   * `mode` (default: the scenario's first mode) with the client's slot map left stale; `takeover`
   * and `mode` appear only when written, and only on a cluster. */
  | { kind: 'failover'; promote: string; takeover?: boolean; mode?: Mode }
  /** A single-node fault (reset, cut-after, stall, down, bandwidth) on one link for the event's
   * `for`: `link` is a node's name (its client proxy: what clients, and sentinels, cross to
   * reach it) or a peer link `replica-1->primary` (the replication connection replica-1 opens). */
  | { kind: 'link-fault'; link: string; fault: FaultAction };

export interface TopologyEvent {
  name: string;
  /** After the workload starts; null on a cluster, whose runner runs its events one after
   * another after the measured configs, each with its own writes (it has no clock to place them on). */
  atMs: number | null;
  /** Primary/replicas only, instead of `at`: the event starts once the lab's writer has issued
   * this many commands, between two of them (`after: 200 commands`); atMs is then null. */
  afterCommands?: number;
  /** How long a partition, down or link fault lasts; null for a failover (it is not healed). */
  forMs: number | null;
  action: TopologyAction;
}
