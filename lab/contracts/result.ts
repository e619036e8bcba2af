// The JSON result: the stable contract between a run and everything that renders it.
// Plain, serialisable data; units are in the field names. See docs/results.md, "Result format (JSON)".

import type { Bandwidth } from './link.ts';
import type { ReconcileMetric, ThresholdMetric, Verdict } from './registry.ts';
import type { RetryPolicy, ThresholdOp } from './scenario.ts';
import type { ClientsRecord, ScheduleHealth } from './request.ts';
import type { ReplicaLag, TopologyResult, WaitSplit } from './topology-result.ts';
import type { WaitOption } from './topology.ts';
import type { NodeShare } from './cluster.ts';
import type { BatchingResult } from './batching.ts';
import type { TraceResult } from './trace.ts';
import type { BystanderResult } from './bystander.ts';
import type { SloSearch } from './slo.ts';
import type { BatchAdvice } from './advise.ts';

export type RuntimeKind = 'containers' | 'local' | 'external';


export interface ImageInfo {
  redis: string;
  toxiproxy: string;
  /** `upstream` when the pinned upstream images ran, `offline` for the project's own local builds. */
  source: 'upstream' | 'offline';
}

export interface Versions {
  redis: string;
  toxiproxy: string;
  node: string;
  ioredis: string;
}

/** PING through the proxy with the link's toxics applied, against the direct baseline. */
export interface Calibration {
  requestedRttMs: number;
  jitterMs: number;
  /** The bandwidth cap left applied after measuring; PING is measured with the cap off. */
  bandwidth: Bandwidth;
  /** Latency toxic per direction as applied (whole ms, Toxiproxy's unit). */
  upstreamLatencyMs: number;
  downstreamLatencyMs: number;
  samples: number;
  /** Median PING round trip straight to Redis, not through the proxy. */
  baselineMs: number;
  /** Median PING round trip through the proxy with this link applied. */
  measuredMs: number;
  /** measuredMs - baselineMs: what the link added; compare with requestedRttMs. */
  addedMs: number;
  /** 10th and 90th percentile of the proxied samples: the spread. */
  p10Ms: number;
  p90Ms: number;
}

export interface LatencySummaryUs {
  p50: number;
  /** null: not measured (the redis-benchmark engine prints no 90th or 99.9th percentile). */
  p90: number | null;
  p99: number;
  p999: number | null;
  max: number;
  count: number;
  /** Timed waits behind the samples: a batch is one wait however many commands it answered, so
   * with fewer than 1/(1-p) waits (100 for p99) a percentile is simply the slowest wait. */
  waits?: number;
  /** The HDR histogram, compressed base64 (hdr-histogram-js encodeIntoCompressedBase64); null
   * for the redis-benchmark engine, whose histogram stays inside the tool (only its percentiles are printed). */
  hdr: string | null;
}

/** What redis-benchmark printed for one run (its summary, in its units: ms and requests per
 * second) and what the server counted. Present only on runs of the redis-benchmark engine that
 * completed: the tool exited 0 (it exits at the first error reply), printed its summary, and the
 * server executed at least the run's commands. */
export interface EngineRunFigures {
  rps: number;
  avgMs: number;
  minMs: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Requests in its histogram: the last cumulative count of its percentile distribution. */
  count: number;
  /** Calls of the workload's command the server executed over the run (INFO commandstats):
   * redis-benchmark may send up to one pipeline less one beyond -n. */
  serverCalls: number;
}

export interface RunRecord {
  /** 0-based order in which this measured run was executed, across all configs at this rtt. */
  order: number;
  totalMs: number;
  /** Every reply was checked and the final state matched: only verified runs count (and, for
   * the redis-benchmark engine, completed runs: see `engine` and runCounts). */
  verified: boolean;
  /** Client (Node) garbage-collection pause time inside the timed span (V8's pauses), ms: explains
   * outliers; null for the redis-benchmark engine (a C client: no Node process drove the run). */
  clientGcMs: number | null;
  /** Why a run failed verification or errored. */
  failure?: string;
  /** redis-benchmark engine: the run completed and these are its figures. `verified` stays false:
   * the C engine checks no reply one by one. */
  engine?: EngineRunFigures;
  /** The server closed the run's client (scenario `server: {client-output-buffer-limit}`). */
  serverClosed?: ServerClosed;
}

/**
 * The server closed a client for going over `client-output-buffer-limit`, and what the batch
 * left behind. `evidence`: `info` (INFO's client_output_buffer_limit_disconnections, Redis 7.4+)
 * or `log` (the server's "scheduled to be closed ASAP for overcoming of output buffer limits"
 * lines, read from the lab's own server's log). The counts reconcile the batch: `executed` is the
 * server's own count of the workload's command (INFO commandstats calls) over the run.
 */
export interface ServerClosed {
  reason: 'client-output-buffer-limit';
  evidence: 'info' | 'log';
  /** Clients the server closed for it (over every run this figure covers). */
  count: number;
  /** Runs it happened in (1 on a run record). */
  runs: number;
  /** Commands the client issued. */
  issued: number;
  /** Commands whose reply came back. */
  acknowledged: number;
  /** Commands the server executed (commandstats calls of the workload's command). */
  executed: number;
  /** Executed but never acknowledged: applied with no reply (the reply was in the dropped buffer). */
  appliedUnacknowledged: number;
  /** Acknowledged but not executed by the server's own count: 0 unless something else is wrong. */
  lost: number;
  /** The first log line, as the server wrote it (evidence `log`). */
  logLine?: string;
  /** On a cluster: the primaries whose log shows the close (evidence `log`; INFO is summed over
   * the primaries and does not say which). */
  nodes?: string[];
}

/** Whether a run's figures count: verified by the lab, or completed on the redis-benchmark
 * engine (which cannot verify). Every figure over "the runs" reads this. */
export const runCounts = (run: Pick<RunRecord, 'verified' | 'engine'>): boolean => run.verified || run.engine !== undefined;

/** The load engine behind a config, when it is not the lab's own ioredis engine. */
export interface EngineInfo {
  name: 'redis-benchmark';
  /** As `redis-benchmark --version` prints it, e.g. `7.0.15`. */
  version: string;
  /** The command line each run ran, without the host, port and credentials, e.g.
   * `-c 50 -n 100000 -P 8 SET key:__rand_int__ <3-byte value>`. */
  commandLine: string;
  /** Where latencyUs comes from: the percentiles of the run whose time is the median (the tool
   * prints percentiles per run; they cannot be merged into one histogram). */
  latencyFrom: 'median run';
}

/** Server INFO deltas over one config's measured runs (after minus before), explaining slowness or disconnects. */
export interface ServerInfoDelta {
  /** total_net_input_bytes / total_net_output_bytes deltas, less the lab's own INFO calls around
   * each run: the workload's bytes (client to server / server to client). */
  netInputBytes: number;
  netOutputBytes: number;
  /** Read from several nodes (a cluster's primaries): netOutputBytes of the primary that wrote the
   * most in each run, summed over the runs; absent when one node was read. */
  busiestNodeNetOutputBytes?: number;
  /** Highest client_recent_max_input_buffer / _output_buffer seen after a run (a gauge, not a delta). */
  clientRecentMaxInputBufferBytes: number;
  clientRecentMaxOutputBufferBytes: number;
  /** used_memory_peak after the config's runs (a gauge). */
  usedMemoryPeakBytes: number;
  evictedKeys: number;
  rejectedConnections: number;
  /** client_query_buffer_limit_disconnections / client_output_buffer_limit_disconnections deltas;
   * null where the server does not have them (added in Redis 7.4). */
  queryBufferLimitDisconnections: number | null;
  outputBufferLimitDisconnections: number | null;
  /** errorstat_<KIND> count deltas, e.g. {"WRONGTYPE": 3}. */
  errorStats: Record<string, number>;
}

/** Where one config's time went: the verified run whose time is the median (the lower middle of
 * an even count), split into the parts the lab can measure. The parts may overlap (the client's
 * CPU work while a batch is in flight); what they do not cover is `unexplainedMs`, negative when
 * they overlap by more than the rest. */
export interface TimeAttribution {
  /** `order` of the run broken down (see RunRecord), and its whole time, ms. */
  runOrder: number;
  wallMs: number;
  /** Round trips one connection waited on x what the proxied link added to a PING over a direct
   * one (calibration addedMs); 0 on the direct link; null when the link was not calibrated. */
  linkWaitMs: number | null;
  /** INFO commandstats usec growth of the workload's own command(s) over the run, ms. */
  serverMs: number;
  /** process.cpuUsage (user + system, every thread of the client process) over the timed span, ms. */
  clientCpuMs: number;
  /** total_net_input_bytes / total_net_output_bytes growth over the run, less the lab's own INFO
   * calls: client to server (up) and server to client (down). */
  bytesUp: number;
  bytesDown: number;
  /** Each capped direction's bytes at its cap, added (KB = 1000 bytes); null when uncapped. */
  bandwidthCapMs: number | null;
  /** wallMs minus the parts above; negative when the parts overlap. */
  unexplainedMs: number;
  /** (wallMs - unexplainedMs) / wallMs x 100, for this run and as min-max over the verified runs. */
  explainedPct: number;
  explainedPctMin: number;
  explainedPctMax: number;
  /** Verified runs the min-max is over. */
  runs: number;
}

export interface ConfigResult {
  id: string;
  /** The redis-benchmark engine drove this config; absent: the lab's ioredis engine. */
  engine?: EngineInfo;
  /** Workload label (the command unless the scenario names it). */
  workload: string;
  command: string;
  /** `direct`: straight to Redis, no proxy; `proxied`: through Toxiproxy with the link applied. */
  link: 'proxied' | 'direct';
  rttMs: number;
  jitterMs: number;
  bandwidth: Bandwidth;
  mode: 'sync' | 'pipeline' | 'multi' | 'auto';
  /** Commands per batch (1 for sync, callers for auto). */
  batch: number;
  /** How the batch was written: a number or `all`. */
  batchLabel: string;
  connections: number;
  commands: number;
  /** Value size in bytes (null for commands without values). */
  valueBytes: { min: number; max: number } | null;
  /** Key distribution as written, e.g. `zipfian(10000, 0.99)`. */
  keys: string;
  /** Round trips one connection waited on: N for sync, ceil(N/B) for pipelines (per connection share). */
  waits: number;
  runs: RunRecord[];
  /** Over verified runs only; null when no run verified. */
  medianMs: number | null;
  minMs: number | null;
  maxMs: number | null;
  /** commands / median seconds. */
  opsPerSec: number | null;
  /** RTT cost model: waits * (measured rtt - rtt-0 ping) + this mode's median at rtt 0. */
  modelMs: number | null;
  /** medianMs / modelMs. */
  modelRatio: number | null;
  /** Per-command latency over all verified measured runs (a pipeline command waits for its batch). */
  latencyUs: LatencySummaryUs | null;
  /** Failed or erroring runs. */
  errors: number;
  /** Reply errors and connection errors over all measured runs, by kind (first word of the error). */
  errorsByKind: Record<string, number>;
  /** Highest client RSS / V8 heap used during the config's measured runs' timed spans, and the growth
   * above what the process used when the span started. RSS: the kernel's peak mark (null where it
   * cannot be reset); heap: read at the span's ends and at every GC inside it (lab/metrics/client-memory.ts). */
  clientPeakRssBytes: number | null;
  clientPeakHeapBytes: number | null;
  clientRssGrowthBytes: number | null;
  clientHeapGrowthBytes: number | null;
  serverInfo: ServerInfoDelta | null;
  /** Where the median run's time went; absent when no run verified. */
  timeAttribution?: TimeAttribution;
  // --- request workloads (issue 10); absent for command workloads ---
  /** Requests per run (`commands` then counts every command the requests sent). */
  requests?: number;
  /** Round trips one request waits on in this mode (a mix: the mean weighted by kind). */
  waitsPerRequest?: number;
  /** Per-request latency over verified runs: closed-loop from the request's start, open-loop from
   * its intended start (coordinated-omission free). */
  requestLatencyUs?: LatencySummaryUs | null;
  /** Open-loop only: per-request latency from the actual send (what the service took). */
  serviceLatencyUs?: LatencySummaryUs | null;
  /** Request workloads: each verified run's own request (and, open-loop, service) percentiles, in
   * run order: how much a percentile moves from run to run (`compare` reads this spread). */
  runLatencyUs?: RunLatency[];
  /** Open-loop only: the schedule's health over the measured runs. */
  schedule?: ScheduleHealth;
  /** The server closed the client in some measured run (its output buffer limit): totals over them. */
  serverClosed?: ServerClosed;
  /** Open-loop only: the width of the windows below, ms (`arrival.window`, widened when the run
   * would need more than WINDOW_LIMITS.maxWindows). */
  windowMs?: number;
  /** Open-loop only: the verified runs cut into windows of the schedule's clock, in order (issue 26). */
  windows?: LatencyWindow[];
  /** Ramps only: where queueing began, from the windows; offeredPerSec and atMs null when no knee was seen. */
  knee?: Knee;
  /** Open-loop only: whether the system kept up with the offered rate, and why not. */
  saturation?: Saturation;
  /** Open-loop only: how requests reached Redis, `shared` or `{pool: N}` as the scenario wrote it;
   * `connections` is then what the runs opened (a pool: its N). */
  clients?: ClientsRecord;
  /** `slo:` in the arrival: the rate search, its probes and the rate found; the config's other
   * figures are those of its probe at the rate found (or, when none met it, its last probe). */
  slo?: SloSearch;
  /** `advise:` on the workload (issue 27): the batch-size search, its probes and the depth advised;
   * the config's other figures (mode, batch included) are those of its probe at that depth (or,
   * when none met the budgets, its last probe). */
  advice?: BatchAdvice;
  // --- Redis Cluster configs (issue 23); absent elsewhere ---
  /** `flat`: every node's link at rtt 0 (the model's base); `shaped`: the scenario's per-node links
   * (rttMs is then the default link; nodes with their own link are in topology.links). */
  links?: 'flat' | 'shaped';
  /** The topology the config ran on, as written, e.g. `{cluster: {primaries: 3, replicas: 1}}`. */
  topology?: string;
  /** Each node's share of the config: its commands, its waits in one run, and its per-wait latency
   * over the measured runs as an HDR histogram (latencyUs above merges them). */
  perNode?: NodeShare[];
  /** MOVED/ASK redirects met across the measured runs: 0 on a stable cluster with a fresh slot map. */
  redirects?: number;
  // --- primary with replicas, replication measured without a timeline (issue 23); absent elsewhere.
  // latencyUs is then each command with its WAIT (when asked), one round trip at a time.
  /** WAIT after each write: null for none (and for reads). */
  wait?: WaitOption | null;
  /** The WAIT alone, per write, over the measured runs; null without WAIT. */
  waitLatencyUs?: LatencySummaryUs | null;
  /** WAIT replies by the count of replicas reached: {"0": 3, "1": 997}; empty without WAIT. */
  waitReached?: Record<string, number>;
  /** Writes whose WAIT reached fewer replicas than asked: acknowledged, NOT known to be replicated. */
  underReplicated?: number;
  /** The node the commands went to: the primary for writes, `read-from` for reads. */
  readsFrom?: string;
  /** Replication lag of each replica, sampled during the measured runs. */
  lag?: ReplicaLag[];
  /** With `bystander:` in the scenario: what the config cost a light second client (issue 27). */
  bystander?: BystanderResult;
  /** Open-loop with `batch:`: what the application-side batcher did and what its requests waited to fill (issue 27). */
  batching?: BatchingResult;
  /** A replayed trace (issue 27): the trace's size and the request latency shift against rtt 0. */
  trace?: TraceResult;
}

/** One verified run's percentiles of a request config (read from that run's histogram alone). */
export interface RunLatency {
  requestP50Us: number;
  requestP99Us: number;
  /** Open-loop only (from the actual send); null closed-loop. */
  serviceP50Us: number | null;
  serviceP99Us: number | null;
}

/** One window of an open-loop config: request k belongs to the window of its intended start; the
 * histograms of that window in every verified run are added (never percentiles averaged). */
export interface LatencyWindow {
  /** The window's start, ms after the schedule's first intended start. */
  startMs: number;
  /** Requests scheduled to start in the window, per second of the window (of one run). */
  offeredPerSec: number;
  /** Requests that completed in the window, per second (mean over the verified runs). */
  achievedPerSec: number;
  /** Completed requests whose intended start is in the window, over the verified runs: they add
   * up to requestLatencyUs.count. */
  requests: number;
  /** Of those, started more than LATE_START_MS after their intended start. */
  lateStarts: number;
  /** Request latency (from the intended start) and service latency (from the actual send); null: no request. */
  requestP50Us: number | null;
  requestP99Us: number | null;
  serviceP50Us: number | null;
  serviceP99Us: number | null;
  /** The slowest request of the window, from its intended start. */
  maxUs: number | null;
}

/** A ramp's knee: the first window (of a rising ramp) where queueing began. */
export interface Knee {
  /** The window's offered rate and start; null when no knee was seen. */
  offeredPerSec: number | null;
  atMs: number | null;
  /** What marked the knee, or why none was marked. */
  reason: string;
}

/** An open-loop config that did not keep up: achieved below offered beyond the count's spread, or late starts growing. */
export interface Saturation {
  saturated: boolean;
  /** Why, in words (or what was checked, when not saturated). */
  reason: string;
}

export interface ThresholdResult {
  source: string;
  metric: ThresholdMetric | ReconcileMetric | 'verdict';
  op: ThresholdOp;
  /** The bound (for a verdict threshold: 1 for SAFE, 0 for UNSAFE). */
  value: number;
  /** Each config (or reconcile entry) the threshold selected, with its figure. */
  checked: { configId: string; actual: number | string | null; pass: boolean }[];
  pass: boolean;
  /** The unit the threshold's bound was written in (`ms` for "p(99) < 20ms"), when it differs from
   * the metric's own; value and actual stay in the metric's unit (its key says which). */
  writtenUnit?: DurationUnit;
}

/** A duration unit as a threshold may write it. */
export type DurationUnit = 'us' | 'ms' | 's';

/** What one retry policy did under one fault: the Jepsen-style verdict row. */
export interface ReconcileEntry {
  /** `<fault> / <mode> / <policy>`, e.g. `cut-mid-batch / pipeline:64 / none`. */
  id: string;
  /** The workload's label, when a scenario compares several writes (INCR vs LPUSH vs SADD). */
  workload?: string;
  fault: string;
  mode: string;
  policy: RetryPolicy;
  /** The policy's client library and version, e.g. `ioredis 6.0.0`. */
  client?: string;
  rttMs: number;
  /** Client connections the run opened (one client each); order and prefix are checked per connection. */
  connections?: number;
  /** Which connection(s) the fault hit, in words, e.g. `all 4 connections; a byte cut counts on each connection's own stream`. */
  faultHits?: string;
  /** Runs of this cell; `consistent` says whether they all gave the same counts. */
  runs: number;
  consistent: boolean;
  /** Counts of the first run (all runs when consistent). */
  counts: ReconcileCounts;
  /** Counter checker: final value against acknowledged (lower) and acknowledged + indeterminate (upper). */
  counter: { final: number; lower: number; upper: number; withinBounds: boolean } | null;
  /** Pipelines on one connection: batches whose applied operations were not a prefix of what was
   * sent, and operations the server applied out of their issue order on one connection. */
  prefix: { batchesChecked: number; nonPrefix: number; reordered: number; /** Connections that issued ops, each checked on its own. */ connections?: number } | null;
  /** Did the fault fire (the client saw its connection close or stall)? */
  faultObserved: boolean;
  /** NOT-TESTED: the fault never fired in some run of this cell, so nothing was judged. */
  verdict: Verdict;
  /** Why the verdict is what it is, in words. */
  reasons: string[];
  /** A few operation ids of each anomaly, for debugging. */
  examples: { lost: number[]; duplicated: number[]; unexpected: number[] };
  /** Client errors by kind over the run. */
  errorsByKind: Record<string, number>;
  /** The first message the caller saw of each error kind (cut to 300 characters); absent in older results. */
  errorMessages?: Record<string, string>;
  /** One per run: when the fault went on and came off, in ms after the run's driver started. */
  timelines?: FaultTimeline[];
  // --- topology faults and events (issue 23); absent for single-node rows ---
  /** The node the fault or event was about (`primary-2`). */
  node?: string;
  /** Redirects the writers met over the row's span. */
  redirects?: { moved: number; ask: number };
  /** From the node cut off (or frozen) to it back, ms from the event's start, as measured; absent for a failover. */
  window?: { onMs: number; offMs: number };
  /** What happened, in order, ms from the event's start. */
  events?: { atMs: number; event: string }[];
  /** Writes acknowledged by the minority side (a client straight to a partitioned primary), and of them the ones lost. */
  acknowledgedByMinority?: number;
  lostByMinority?: number;
  /** WAIT after each write: null for none. */
  wait?: WaitOption | null;
  /** First run: acknowledged writes split by their WAIT reply; null without WAIT. */
  waitSplit?: WaitSplit | null;
  /** Topology timeline rows: every run's counts, in run order (`counts` is the first run's); the
   * registry reads their spread. */
  runCounts?: RowRunCounts[];
  /** Topology timeline rows: per-write latency over every run (send to reply, WAIT included when
   * asked; writes that got a reply), as an HDR histogram; null when no write was answered. */
  latencyUs?: LatencySummaryUs | null;
  /** Each run's own p50 and p99 of the same, in run order (`compare` reads their spread). */
  runLatencyUs?: RowRunLatency[];
  /** A request workload under the fault (first run): its requests, apart from the write operations `counts` reconciles. */
  requests?: FaultRequests;
}

/** Requests of one fault run; sent = completed + failed + unfinished. */
export interface FaultRequests {
  /** `closed`: one after another per caller; `open`: on the arrival schedule (latency from the intended start). */
  loop: 'closed' | 'open';
  /** Requests the run meant to send (all of the plan, or the open-loop schedule). */
  scheduled: number;
  /** Requests started (the deadline may stop the rest). */
  sent: number;
  completed: number;
  /** A step failed (the policy gave up): the request ended there. */
  failed: number;
  /** Started, still waiting for a reply at the run's deadline. */
  unfinished: number;
  /** Failed requests by the kind of their first error. */
  failedByKind: Record<string, number>;
  /** Read commands of the requests (counted, not reconciled). */
  reads: { ok: number; failed: number };
  /** Completed requests' latency (open loop: from the intended start; closed: from the start), µs; null: none completed. */
  latencyUs: LatencySummaryUs | null;
  /** Open loop: from the actual send (after any pool wait), µs; null closed-loop or none completed. */
  serviceLatencyUs: LatencySummaryUs | null;
  /** Requests whose span (start to end, or to the run's end) overlapped the fault's (on to healed, or to the run's end); null: the fault never went on. */
  aroundFault: { sent: number; completed: number; failed: number; unfinished: number; latencyUs: LatencySummaryUs | null } | null;
  /** `batch:` given: what the batcher did in this run (a window's waits to fill are inside latencyUs, not serviceLatencyUs). */
  batching?: BatchingResult;
}

/** One run of a reconcile row: its counts of harm and of the client's extra work. */
export interface RowRunCounts {
  lost: number;
  duplicated: number;
  indeterminate: number;
  failedButApplied: number;
  /** MOVED + ASK replies the run's client met (0 for the lab's own writer, which is sent to one node). */
  redirects: number;
  retries: number;
}

/** One run's per-write latency percentiles; null when no write of the run was answered. */
export interface RowRunLatency {
  p50Us: number | null;
  p99Us: number | null;
}

/** A fault run's clock, ms after its driver started; null: it did not happen in that run. */
export interface FaultTimeline {
  /** The fault's toxics were in place on the proxy. */
  faultOnMs: number | null;
  /** The client's connection first closed under the fault. */
  closedMs: number | null;
  /** The fault was first removed. */
  healedMs: number | null;
  /** The driver was done (every operation answered, failed, or the deadline dropped the client). */
  endMs: number | null;
}

export interface ReconcileCounts {
  /** Operations the caller issued (each once, whatever the retries). */
  issued: number;
  /** Operations applied by the server at least once. */
  applied: number;
  acknowledged: number;
  failed: number;
  indeterminate: number;
  indeterminateApplied: number;
  indeterminateNotApplied: number;
  /** Acknowledged but not applied. */
  lost: number;
  /** Applied more than once. */
  duplicated: number;
  /** Applied but never issued (a foreign write), or an unknown tag. */
  unexpected: number;
  /** Reported to the caller as failed (not executed), yet applied. */
  failedButApplied: number;
  /** Times the caller re-issued an operation (app-retry, idempotent): the retries a policy announced with `retrying()`. */
  retries: number;
  /** With tags: operations the client library re-sent on its own, seen on the wire (sent more often than the policy sent them and announced retries); absent without tags and in older results. */
  resent?: number;
  /** true: `duplicated` is a lower bound (no tags: an untagged counter's value above `issued`, or existence flags that cannot see a second application); absent in older results and where exact. */
  duplicatedAtLeast?: boolean;
  /** true: `lost` is a lower bound (no tags: an untagged counter below the acknowledged count proves at least that many lost); absent in older results and where exact. */
  lostAtLeast?: boolean;
  /** Untagged counters: every application the counter holds (final value / increment), which may exceed `issued`; `applied` is capped at `issued`. Absent in older results. */
  applications?: number;
}

/** The external runtime's target, as far as a result may say (never its password). */
export interface TargetInfo {
  /** Redis as the lab and the proxy reach it, host:port. */
  redis: string;
  toxiproxyApiUrl: string;
  /** true: the lab was allowed to empty the database (FLUSHDB before each run). */
  disposable: boolean;
  /** Not disposable: the prefix of every key the lab wrote, read or deleted; null when disposable. */
  keyPrefix: string | null;
  /** Keys under the prefix the lab deleted at the end (its own), null when disposable. */
  keysRemoved: number | null;
}

export interface LabResult {
  scenario: { name: string; description: string; file?: string };
  runtime: RuntimeKind;
  images?: ImageInfo;
  /** External runtime only: whether the target was declared disposable, and otherwise the key
   * prefix every key the lab touched carried (all of them deleted at the end). */
  target?: TargetInfo;
  versions: Versions;
  startedAt: string;
  durationMs: number;
  calibration: Calibration[];
  configs: ConfigResult[];
  /** Fault scenarios: one verdict row per fault x mode x policy. */
  reconcile?: ReconcileEntry[];
  thresholds: ThresholdResult[];
  /** Seed of every random choice (keys, value sizes). */
  seed: number;
  /** Every run verified (on the redis-benchmark engine, which cannot verify: completed) and every threshold passed. */
  pass: boolean;
  /** Things that make a figure less than it seems (e.g. a calibration outside tolerance). */
  warnings: string[];
  /** What the lab did not measure, stated so no number is read for more than it is. */
  notMeasured: string[];
  /** Topology scenarios (primary + replicas): the nodes and the per-link calibration; their figures
   * are `configs` (replication) and `reconcile` rows (a timeline). Absent for a single node. */
  topology?: TopologyResult;
  /** The result format's version: 2 since every topology's figures are configs and reconcile rows
   * (issue 23). A file without it was written by version 1; `report` and `compare` read a version 1
   * single-node result and refuse a version 1 topology or cluster result. */
  resultVersion: 2;
}
