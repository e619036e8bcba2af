// What a topology runtime hands the rest of the lab: every node straight and through its client
// proxy, the peer proxies nodes dial each other through, the Toxiproxy API, and one stop.
// Proxy names and node names follow lab/contracts/topology.ts.

import type { NodeRole, RuntimeKind, Topology } from '../contracts/index.ts';
import type { Endpoint, StopReport } from './types.ts';

export interface StartedNode {
  name: string;
  /** Role at start. */
  role: NodeRole;
  replicaOf: string | null;
  /** Straight to the node: control, baselines, read-backs. */
  direct: Endpoint;
  /** Its client proxy (the address the node announces). */
  proxied: Endpoint;
  /** The client proxy's name (= the node's name). */
  proxyName: string;
}

export interface PeerProxy {
  /** `from->to`. */
  name: string;
  /** The node that dials through it. */
  from: string;
  /** The node behind it. */
  to: string;
  /** Its listen address (what `from` is told to dial, e.g. in REPLICAOF). */
  listen: Endpoint;
}

export interface StartedTopology {
  kind: RuntimeKind;
  topology: Topology;
  nodes: StartedNode[];
  peers: PeerProxy[];
  toxiproxyApiUrl: string;
  /** What the primary's INFO replication listed for each replica once linked (`ip:port`). */
  announced: Record<string, string>;
  resources: { pids: number[]; containers: string[]; networks: string[] };
  /** Fires (E_RUNTIME_DIED) when a redis-server or toxiproxy-server exits on its own. */
  lost: AbortSignal;
  /** Stops everything it started; safe to call twice, never throws. */
  stop(): Promise<StopReport>;
}
