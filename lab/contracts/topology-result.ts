// What a topology run reports (issue 13) about its layout: the nodes and their proxies and every
// link calibrated on its own. Its figures are configs (replication: write and WAIT latency, lag)
// and reconcile rows (failover: lost writes) like any other (issue 23); the parts of those rows
// only a topology has are defined here. Units are in the names.

import type { RoleSelection } from './role-selector.ts';
import type { Calibration } from './result.ts';
import type { NodeRole } from './topology.ts';

export interface TopologyNodeResult {
  name: string;
  /** Role at the start of the run. */
  role: NodeRole;
  /** The client proxy's listen address (what the node announces). */
  proxy: string;
  /** What the primary's INFO replication listed for this replica at start (`ip:port`), null for a primary. */
  announced: string | null;
}

/** One proxy's calibration: PING through it against PING straight to the node behind it. */
export interface LinkCalibration extends Calibration {
  /** The proxy: a node name (client proxy) or `from->to` (peer proxy). */
  link: string;
  /** `clients` or the node that dials through the proxy. */
  from: string;
  /** The node behind the proxy. */
  to: string;
}

/** Replication lag of one replica over a run. */
export interface ReplicaLag {
  replica: string;
  /** master_repl_offset − the replica's ACKed offset (INFO replication on the primary), sampled during the writes. */
  lagBytes: { samples: number; p50: number; max: number } | null;
  /** Marker keys: SET on the primary (direct connection), polled on the replica (direct connection);
   * time from the SET's reply to the first poll that saw it. */
  lagMs: { samples: number; p50: number; p90: number; max: number; resolutionMs: number; unseen: number } | null;
}

/** Acknowledged writes split by what WAIT said (null in a run without WAIT: the client was told nothing about replication). */
export interface WaitSplit {
  /** WAIT reached the asked count: acknowledged and known replicated. */
  replicated: { acknowledged: number; lost: number };
  /** WAIT reached fewer: acknowledged, known NOT to be safely replicated. */
  underReplicated: { acknowledged: number; lost: number };
}

/** When the timeline's steps happened in one run, ms after the writer started; null: not in that run. */
export interface FailoverTimeline {
  /** The lab began disabling the partition's proxies. */
  partitionMs: number | null;
  /** The last of them was disabled (Toxiproxy answered). */
  partitionAppliedMs: number | null;
  failoverMs: number | null;
  healMs: number | null;
  demotedMs: number | null;
  endMs: number | null;
  /** Sentinel topologies only: when the lab first saw the sentinels name a new primary (a
   * `+switch-master` message, or the first SENTINEL get-master-addr-by-name poll that showed it);
   * null when they never switched. */
  switchSeenMs?: number | null;
  /** Sentinel topologies only: the node the sentinels promoted (absent when they never switched).
   * `demotedMs` is then when the old primary's ROLE first showed it demoted by the sentinels. */
  switchedTo?: string;
  /** Each link fault of the timeline (`node: replica-1, reset: {}`) that began, in the order they began. */
  linkFaults?: LinkFaultStep[];
  /** Each role selector (`node: current-primary`) the timeline resolved, when its event fired. */
  selections?: RoleSelection[];
}

/** When one link fault of a timeline started and was healed (ms after the writer started). */
export interface LinkFaultStep {
  /** The event's name. */
  name: string;
  /** The link: a node (its client proxy) or a peer link `replica-1->primary`; for a role selector, the node it resolved to. */
  link: string;
  fault: 'reset' | 'cut-after' | 'stall' | 'down' | 'bandwidth';
  /** The Toxiproxy proxy it acted on. */
  proxy: string;
  /** Null when it never started (the writer ended first, or the run was stopped). */
  startMs: number | null;
  healedMs: number | null;
}

export interface TopologyResult {
  /** `{primary: 1, replicas: 1}` as written. */
  topology: string;
  nodes: TopologyNodeResult[];
  links: LinkCalibration[];
}
