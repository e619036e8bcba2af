// A retry policy as code: how a service connects, performs one operation (retries included) and
// closes. The four built-in policies are written on this interface, and a scenario can name a
// user's own module (`policies: [ioredis-default, {name: ours, module: ./policies/ours.ts}]`),
// so the lab judges the user's client options and retry wrapper, not a model of them.

/** Where a policy's client connects: a loopback relay in front of the fault proxy. */
export interface PolicyEndpoint {
  /**
   * The node a plain single-node client connects to: the only node of a single node, the
   * primary at connect time of a primary with replicas or a Sentinel topology, the first seed
   * of a cluster. A module that reads only host/port keeps working on every topology, as a
   * client configured with one fixed address would.
   */
  host: string;
  port: number;
  /** Redis AUTH password, when the server has one (every node of the topology has the same). */
  password?: string;
  /**
   * True when the run's mode is auto:C: C concurrent callers share this client, and a client
   * that can merge their commands into shared writes should (ioredis: enableAutoPipelining;
   * node-redis always writes a tick's commands together).
   */
  autoPipelining?: boolean;
  /**
   * What a service would configure beyond one address, by topology; absent on a single node
   * (and in modules written before topologies: host/port stay valid).
   */
  topology?: PolicyTopology;
}

/** A host and port the client dials. */
export interface PolicyAddress {
  host: string;
  port: number;
}

/** One node of a primary with replicas, as the client reaches it. */
export interface PolicyNode extends PolicyAddress {
  /** `primary`, `replica-1`, ... (contracts/topology.ts NODE NAMING). */
  name: string;
  /** Its role when the client connects (a failover changes it). */
  role: 'primary' | 'replica';
}

/**
 * A NAT map: an address the servers announce (CLUSTER SLOTS, MOVED/ASK, a Sentinel's master
 * address) to the address the client dials. The keys are `ip:port` exactly as announced;
 * ioredis takes it as `natMap`, node-redis as `nodeAddressMap`.
 */
export type PolicyNatMap = Record<string, PolicyAddress>;

/** What a service would configure, per topology. */
export type PolicyTopology =
  /** Primary with replicas and no Sentinel: every node's address and its role at connect time. */
  | { kind: 'replicas'; nodes: PolicyNode[] }
  /**
   * Sentinel: the sentinels' addresses and the master name; the client asks them where the
   * primary is. `natMap` turns the addresses the sentinels report into ones the client dials.
   */
  | { kind: 'sentinel'; sentinels: PolicyAddress[]; masterName: string; natMap: PolicyNatMap; sentinelPassword?: string }
  /** Cluster: seed nodes to discover the slots from and the NAT map to the proxies. */
  | { kind: 'cluster'; seeds: PolicyAddress[]; natMap: PolicyNatMap };

/** One operation of the workload, handed to `perform`. */
export interface PolicyOperation {
  /**
   * Unique per operation, the same on every attempt: an idempotent implementation keys on it.
   */
  readonly id: string;
  /**
   * The command to send and its arguments. With `reconcile.tags: log` this is the workload's
   * command inside a one-line Lua script (EVAL) that also appends `id` to the lab's log in the
   * same atomic step, so the lab sees every application; with `tags: none` it is the bare command.
   */
  readonly command: string;
  readonly args: readonly string[];
  /**
   * Call before re-sending the operation, with the error the previous attempt ended with: the
   * lab counts the retry and keeps the attempt's outcome (never sent, or maybe applied). A
   * module that re-sends without calling it still gets judged by what the server applied, but
   * its row counts no retries.
   */
  retrying(previousError: unknown): void;
}

/** One operation's outcome in a batch, in the operations' order. */
export type PolicyReply = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * A policy module exports one of these (as `default`, or as named exports `connect`, `perform`,
 * `close`). An error whose `notSent` property is true tells the lab the command never left the
 * client (a definite failure); any other error counts the operation as indeterminate.
 */
export interface Policy<Client = unknown> {
  /** Builds and connects the client, the way the service builds it. */
  connect(endpoint: PolicyEndpoint): Promise<Client>;
  /** Performs one operation the way the service would, retries included: the reply, or throws. */
  perform(client: Client, op: PolicyOperation): Promise<unknown>;
  /**
   * Optional: performs a batch as one pipeline (`transaction`: as MULTI/EXEC). Without it, the
   * lab runs a `pipeline:N` batch as N concurrent `perform` calls and refuses `multi` modes.
   */
  performBatch?(client: Client, ops: readonly PolicyOperation[], options: { transaction: boolean }): Promise<PolicyReply[]>;
  close(client: Client): Promise<void>;
  /** The client library and version, shown in each row, e.g. `ioredis 6.0.0`. */
  client?: string;
}

/** A scenario's user policy: a name for the rows and the module (a path relative to the scenario file, or the object). */
export interface PolicyModuleRef {
  name: string;
  module: string | Policy;
}
