// What a topology runtime hands the rest of the lab: every node straight and through its client
// proxy, the peer proxies nodes dial each other through, the Toxiproxy API, and one stop.
// Proxy names and node names follow lab/contracts/topology.ts.
//
// Two addresses per proxy, kept apart: where the lab (on the host) reaches it, and where the
// nodes reach it. On the local runtime they are the same 127.0.0.1 ports; on the containers
// runtime the nodes dial the Toxiproxy container on the lab's Docker network and the lab dials
// the ports it publishes on 127.0.0.1 (as the cluster's natMap maps announced to reachable).

import type { NodeRole, RuntimeKind, Topology } from '../contracts/index.ts';
import type { Endpoint, StopReport } from './types.ts';

export interface StartedNode {
  name: string;
  /** Role at start. */
  role: NodeRole;
  replicaOf: string | null;
  /** Straight to the node: control, baselines, read-backs. */
  direct: Endpoint;
  /** Its client proxy as the lab reaches it. */
  proxied: Endpoint;
  /** `ip:port` it announces (replica-announce-ip/port): its client proxy as the nodes reach it,
   * the address the primary's INFO replication lists it under. */
  announced: string;
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
  /** Its listen address as the lab reaches it (calibration). */
  listen: Endpoint;
  /** Its listen address as `from` reaches it: what `from` is told to dial (REPLICAOF). */
  dial: { host: string; port: number };
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
  /** Fires (E_RUNTIME_DIED) when a redis-server or toxiproxy-server (process or container) exits on its own. */
  lost: AbortSignal;
  /** Stops everything it started; safe to call twice, never throws. */
  stop(): Promise<StopReport>;
}
