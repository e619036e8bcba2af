// What every runtime hands the rest of the lab, for every topology: the nodes (each straight and
// through its client proxy), the proxies between them, Toxiproxy's API, what was started, a
// signal that fires when a part dies, the node faults the runtime can cause, and one stop.
// A single node is the topology of one (`single`); docs/runtimes.md describes the shape.
//
// Two addresses per proxy, kept apart: where the lab (on the host) reaches it, and where the
// nodes reach it. On the local runtime they are the same 127.0.0.1 ports; on the containers
// runtime the nodes dial the Toxiproxy container on the lab's Docker network and the lab dials
// the ports it publishes on 127.0.0.1 (natMap maps the one to the other).

import type { Proxy, Toxiproxy } from 'toxiproxy-node-client';
import type { Endpoint, ImageInfo, NodeRole, RuntimeKind, Topology } from '../contracts/index.ts';
import type { ExternalTarget } from './external-target.ts';
import type { ServerLog } from './server-log.ts';

export type { Endpoint } from '../contracts/index.ts';

export interface StartedNode {
  /** `primary`, `replica-1`, `primary-2`, `replica-2-1` (contracts/topology.ts, NODE NAMING). */
  name: string;
  /** Role at start (a failover changes it at run time). */
  role: NodeRole;
  /** 1-based shard: 1 outside a cluster. */
  shard: number;
  /** The node a replica follows at start; null for a primary. */
  replicaOf: string | null;
  /** Straight to the node: calibration's baseline, control, read-backs. */
  direct: Endpoint;
  /** Its client proxy as the lab reaches it. */
  proxied: Endpoint;
  /** `ip:port` it announces (replica-announce-ip/port, cluster-announce-ip/port): its client
   * proxy as the nodes reach it. */
  announced: string;
  /** Name of its client proxy: the node's name, `redis` for the single node. */
  clientProxy: string;
  /** Cluster only: the proxy the cluster bus into this node crosses (`<name>-bus`). */
  busProxy?: string;
  /** Cluster only: the node's cluster id (40 hex characters). */
  id?: string;
  /** Cluster primaries only: the slot range it was given at creation, inclusive. */
  slots?: { first: number; last: number };
  /** Replicas of a primary/replicas topology: the address the primary's INFO replication listed
   * it under once linked (its announced one, when listed); null elsewhere. */
  listedAs: string | null;
}

export interface PeerProxy {
  /** `from->to`. */
  name: string;
  /** The node that dials through it. */
  from: string;
  /** The node behind it. */
  to: string;
  /** Its listen address as the lab reaches it (calibration). */
  listen: Endpoint;
  /** Its listen address as `from` reaches it: what `from` is told to dial (REPLICAOF). */
  dial: { host: string; port: number };
}

/** A sentinel of a Sentinel topology (`sentinel-1` ..): not a node, it holds no data. */
export interface StartedSentinel {
  /** `sentinel-1` .. `sentinel-S` (contracts/topology.ts, NODE NAMING). */
  name: string;
  /** Straight to the sentinel (with the runtime's password, which the sentinels require too). */
  direct: Endpoint;
  /** Its client proxy as the lab reaches it: what a client configures as a sentinel address. */
  proxied: Endpoint;
  /** `ip:port` it announces to the other sentinels (`sentinel announce-ip/port`): its client proxy
   * as the nodes and sentinels reach it. */
  announced: string;
  /** Name of its client proxy: the sentinel's name. */
  clientProxy: string;
}

/** How a runtime cuts and freezes a node, in words for a fault's timeline and notes. */
export interface FaultWords {
  /** What isolate() does to the node's own traffic out, e.g. "its outbound bus refused". */
  isolatedOut: string;
  /** The tools behind pause() and resume(), e.g. "SIGSTOP" and "SIGCONT". */
  freeze: string;
  thaw: string;
  /** How the node's links come back after rejoin(). */
  afterHeal: string;
}

export interface StartedRuntime {
  kind: RuntimeKind;
  topology: Topology;
  /** Every node: primaries first within the layout (contracts/topology.ts). */
  nodes: StartedNode[];
  /** Peer proxies (primary/replicas topologies): one per ordered pair of nodes. */
  peers: PeerProxy[];
  /** Sentinel topologies: the sentinels (in name order), each behind its client proxy; empty otherwise. */
  sentinels: StartedSentinel[];
  /** Sentinel topologies: the name the sentinels monitor the primary under (SENTINEL_MASTER_NAME). */
  masterName?: string;
  /** Announced `ip:port` to the address a client outside the nodes' network dials (ioredis natMap);
   * the sentinels' announced addresses too, on a Sentinel topology. */
  natMap: Record<string, { host: string; port: number }>;
  /** The password of every node, when Redis has one. */
  password?: string;
  /** The entry node (the first primary; the only node of `single`) with no proxy in between:
   * the baseline for calibration. */
  redisDirect: Endpoint;
  /** The entry node's client proxy as the client reaches it. */
  proxied: Endpoint;
  /** Name of the entry node's client proxy. */
  proxyName: string;
  /** Toxiproxy's HTTP API, e.g. http://127.0.0.1:8474. */
  toxiproxyApiUrl: string;
  /** The same API and the entry node's proxy as toxiproxy-node-client objects, so a suite can add
   * its own toxics (`slicer`, `slow_close`, ...) with `toxiproxy.proxy.addToxic(...)`. Calls made
   * through them are the caller's and unbounded, as the client's always are. */
  toxiproxy: { client: Toxiproxy; proxy: Proxy };
  /** Which images ran (containers runtime only). */
  images?: ImageInfo;
  /** External runtime only: the target's Redis (host:port) and whether it was declared
   * disposable. Without `disposable: true` a run touches only keys under a prefix of its own
   * and never flushes; the lab's own instances (containers, local) are always its to empty. */
  external?: { redis: string; disposable: boolean };
  /** What this runtime started, so a caller can check that stop() removed it all. Local: the
   * nodes' pids in node order, then toxiproxy-server's, then the sentinels' in name order. */
  resources: { pids: number[]; containers: string[]; networks: string[] };
  /** Aborts, with a LabError E_RUNTIME_DIED naming the part as its reason, when a Redis node, a
   * sentinel or Toxiproxy exits on its own (not through stop()); a run ends on it. */
  lost: AbortSignal;
  /** Looks at each part now (not waiting for its exit to be reported) and fires `lost` if one
   * has exited: a run that failed on a dropped connection calls it to learn whether a part died. */
  checkParts(): Promise<void>;
  faultWords: FaultWords;
  /** Freezes a node (local: SIGSTOP; containers: docker pause, the cgroup freezer): it neither
   * sends nor answers anything, on any link. External: E_RUNTIME_UNAVAILABLE. */
  pause(name: string): Promise<void>;
  /** Thaws a paused node (SIGCONT, docker unpause): it handles what queued up in its sockets. */
  resume(name: string): Promise<void>;
  /** Cuts a node off from every other node and from clients that go through its proxy, both
   * ways: every proxy into or out of it disabled (client, bus, peer proxies), and in a cluster its
   * own traffic out to the other nodes refused (local: every peer's bus gate refuses its source
   * address; containers: it is taken off the bus network). A client connected straight to it
   * (`direct`) still reaches it: the minority side's client. */
  isolate(name: string): Promise<void>;
  /** Undoes isolate(): its way out open again, its proxies enabled. */
  rejoin(name: string): Promise<void>;
  /** Stops everything this runtime started (and continues a paused node first). Safe to call
   * more than once (later calls return the first report), never throws. */
  stop(): Promise<StopReport>;
  /** The entry node's log as the lab reads it back (local: redis-server's stdout; containers: the
   * container's log, followed from its start); absent on the external runtime. */
  serverLog?: ServerLog;
  /** Every node's log by node name, where the runtime reads them all (local); a cluster's
   * server-closed evidence is looked for in each primary's. */
  nodeLogs?: ReadonlyMap<string, ServerLog>;
}

/** What stop() did, so a caller can prove nothing was left behind. */
export interface StopReport {
  /** Human-readable problems met while stopping (each was retried or forced). */
  problems: string[];
}

export type RuntimeChoice = 'auto' | RuntimeKind;

export interface StartOptions {
  /** What to start; default `{kind: 'single'}`, one node. The external runtime takes one node only. */
  topology?: Topology;
  /** Aborting interrupts start-up; whatever was started is stopped before the error. */
  signal?: AbortSignal;
  /**
   * false: Redis without a password. Only for tests that count protocol bytes on a raw socket
   * (an AUTH reply would count too); everything still listens on loopback only. Default true:
   * a generated password (Endpoint.password).
   */
  redisAuth?: boolean;
  /** Progress notes (e.g. "starting redis container"); never printed by the runtime itself. */
  onNote?: (note: string) => void;
  /** The external runtime's target; each field not given here is read from its
   * REDIS_FAULT_LAB_EXTERNAL_* environment variable (see external-target.ts). */
  external?: ExternalTarget;
}
