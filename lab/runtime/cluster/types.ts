// What a started cluster hands the rest of the lab: every node straight and through its proxies,
// the address map a cluster client needs, the faults a node can be given, and a stop.

import type { Endpoint, StopReport } from '../types.ts';
import type { NodePlan } from './layout.ts';

export interface ClusterNode extends NodePlan {
  /** The node's cluster id (40 hex characters). */
  id: string;
  /** The node with no proxy in between: calibration's baseline and the lab's read-backs. */
  direct: Endpoint;
  /** The node's client proxy as the lab's clients reach it. */
  proxied: Endpoint;
  /** `ip:port` the node announces (CLUSTER SLOTS, MOVED, ASK): its client proxy as the nodes reach it. */
  announced: string;
  /** Toxiproxy proxy names: clients and replication (a replica dials its primary's announced
   * client port) cross `clientProxy`; the cluster bus into this node crosses `busProxy`. */
  clientProxy: string;
  busProxy: string;
}

export interface StartedCluster {
  kind: 'local' | 'containers';
  /** How this runtime cuts and freezes a node, in words for a fault's timeline and note. */
  faultWords: {
    /** What isolate() does to the node's own traffic out, e.g. "its outbound bus refused". */
    isolatedOut: string;
    /** The tools behind pause() and resume(), e.g. "SIGSTOP" and "SIGCONT". */
    freeze: string;
    thaw: string;
    /** How the node's links come back after rejoin(). */
    afterHeal: string;
  };
  nodes: ClusterNode[];
  /** Announced `ip:port` to the address a client outside the nodes' network dials (ioredis natMap). */
  natMap: Record<string, { host: string; port: number }>;
  password?: string;
  toxiproxyApiUrl: string;
  nodeTimeoutMs: number;
  /** What was started, so a caller can check that stop() removed it all. */
  resources: { pids: number[]; containers: string[]; networks: string[] };
  /** Aborts (E_RUNTIME_DIED) when a node or Toxiproxy exits on its own. */
  lost: AbortSignal;
  /** Freezes a node (local: SIGSTOP; containers: docker pause, the cgroup freezer): it neither
   * sends nor answers anything, on any link. */
  pause(name: string): Promise<void>;
  /** Thaws a paused node (SIGCONT, docker unpause): it handles what queued up in its sockets, then learns the news. */
  resume(name: string): Promise<void>;
  /** Cuts a node off from every other node and from clients that go through its proxy, both
   * ways: its client and bus proxies disabled (traffic into it, replication from it included),
   * and its own traffic out to the other nodes refused (local: every peer's bus gate refuses its
   * source address; containers: it is taken off the bus network). A client connected straight
   * to it (`direct`) still reaches it: the minority side's client. */
  isolate(name: string): Promise<void>;
  /** Undoes isolate(): proxies enabled, its way out open again. */
  rejoin(name: string): Promise<void>;
  stop(): Promise<StopReport>;
}

export interface ClusterStartOptions {
  /** cluster-node-timeout, ms (default 2000). */
  nodeTimeoutMs?: number;
  signal?: AbortSignal;
  redisAuth?: boolean;
  onNote?: (note: string) => void;
}
