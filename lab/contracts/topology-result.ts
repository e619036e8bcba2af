// What a topology run reports (issue 13), beside the single-node result fields, which stay as
// they are: the nodes and their proxies, every link calibrated on its own, replication lag and
// WAIT figures, and the failover verdicts. Units are in the names.

import type { Calibration, LatencySummaryUs, ReconcileCounts } from './result.ts';
import type { Verdict } from './registry.ts';
import type { NodeRole, WaitOption } from './topology.ts';

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

/** One WAIT setting of a replication-measurement run (replica-across-dc). */
export interface ReplicationFigures {
  /** `no WAIT` or `WAIT 1 100ms`. */
  id: string;
  wait: WaitOption | null;
  command: string;
  writes: number;
  runs: number;
  /** Write + its WAIT, per write, over all runs. */
  writeLatencyUs: LatencySummaryUs | null;
  /** The WAIT alone, per write; null without WAIT. */
  waitLatencyUs: LatencySummaryUs | null;
  /** WAIT replies by count reached: {"0": 3, "1": 997}; empty without WAIT. */
  waitReached: Record<string, number>;
  /** Writes whose WAIT reached fewer replicas than asked: acknowledged, NOT known to be replicated. */
  underReplicated: number;
  /** Reads from `readFrom` (GET workloads), with their node. */
  readsFrom: string;
  lag: ReplicaLag[];
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
}

/** One workload × WAIT setting under the timeline (failover-lost-writes). */
export interface FailoverEntry {
  /** `INCR / no WAIT`, `SET / WAIT 1 100ms`. */
  id: string;
  workload: string;
  command: string;
  wait: WaitOption | null;
  runs: number;
  /** Every run found the same thing as to loss (lost > 0 in all or in none). */
  lossAgrees: boolean;
  /** Counts of each run (issued, acknowledged, lost, ... as for single-node reconcile rows). */
  counts: ReconcileCounts[];
  /** Per run: acknowledged by the old primary after the partition began (the minority primary). */
  acknowledgedByMinority: number[];
  /** Per run: acknowledged writes split by their WAIT reply; null without WAIT. */
  waitSplit: (WaitSplit | null)[];
  /** Per run: the counter read on the new primary against its bounds (INCR workloads). */
  counter: ({ final: number; lower: number; upper: number; withinBounds: boolean } | null)[];
  /** Write (+ WAIT) latency over all runs. */
  writeLatencyUs: LatencySummaryUs | null;
  verdict: Verdict;
  reasons: string[];
  /** A few lost operation ids of the first run that lost any. */
  lostExamples: number[];
  timelines: FailoverTimeline[];
}

export interface TopologyResult {
  /** `{primary: 1, replicas: 1}` as written. */
  topology: string;
  nodes: TopologyNodeResult[];
  links: LinkCalibration[];
  /** Replication-measurement scenarios (no timeline). */
  replication?: ReplicationFigures[];
  /** Scenarios with a timeline. */
  failover?: FailoverEntry[];
}
