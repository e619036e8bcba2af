// Trace replay (issue 27, item 5): a MONITOR capture or a JSON-lines trace, replayed open-loop
// with its own timing. The scenario names the file (`trace:`); loading the scenario file reads
// it, refuses what cannot be replayed safely, and groups each client's commands into requests.

/** `monitor`: `redis-cli MONITOR` lines; `jsonl`: one `{"t", "client", "cmd", "args"}` per line. */
export type TraceFormat = 'monitor' | 'jsonl';

/** One request of the replay: a client's commands close in time, sent one after another. */
export interface TraceRequest {
  /** Its intended start, µs after the trace's first command. */
  offsetUs: number;
  /** Index into TraceReplay.clients. */
  client: number;
  /** Each command, name first, keys without the run's prefix (added when it runs). */
  commands: string[][];
  /** Per command, the argument positions (after the name) that are keys. */
  keyArgs: number[][];
  /** Commands per round trip, in order (they add up to commands.length): consecutive commands
   * that arrived together (`pipeline:`) are sent as one pipeline; [1, 1, 1] when each is awaited alone. */
  rounds: number[];
}

/** A trace read and grouped: what a trace workload replays. */
export interface TraceReplay {
  requests: TraceRequest[];
  /** Distinct clients in the trace (their address or name as the trace wrote it). */
  clients: string[];
  commands: number;
  /** From the first to the last command, ms. */
  spanMs: number;
  /** Connection set-up commands the trace held and the replay leaves out (AUTH, HELLO, CLIENT, INFO, ...). */
  skipped: number;
}

export interface TraceSource {
  /** As written in the scenario, relative to the scenario file's folder. */
  file: string;
  format: TraceFormat;
  /** Consecutive commands of one client at most this far apart are one request, ms. */
  gapMs: number;
  /** Consecutive commands of one request at most this far apart are one pipeline (one round trip), ms;
   * absent (no `pipeline:`): each command is sent alone and awaited. */
  pipelineMs?: number;
  /** jsonl: the unit of `t` (`s`: seconds, fractions allowed; `ms`: milliseconds). */
  timeUnit: 's' | 'ms';
  /** `per-client`: one connection per client of the trace; `shared`: one connection for all. */
  connections: 'per-client' | 'shared';
  /** Filled when the scenario file is loaded (loadScenarioFile); absent after parseScenario alone. */
  replay?: TraceReplay;
}

/** Mean round trips one request waits on: one per command sent alone, one per pipeline. */
export const traceRoundTrips = (replay: TraceReplay): number =>
  replay.requests.length === 0 ? 0 : replay.requests.reduce((sum, r) => sum + r.rounds.length, 0) / replay.requests.length;

/** What a trace config reports about its trace and its latency shift (ConfigResult.trace). */
export interface TraceResult {
  /** The trace file as the scenario names it. */
  file: string;
  format: TraceFormat;
  requests: number;
  commands: number;
  clients: number;
  /** Connection set-up commands in the trace that were not replayed. */
  skipped: number;
  spanMs: number;
  gapMs: number;
  /** `pipeline:` as the scenario set it, ms; null: each command was awaited alone. Absent in results written before it. */
  pipelineMs?: number | null;
  /** Mean round trips per request: one per command awaited alone, one per pipeline. */
  roundTripsPerRequest: number;
  /** The config of the same trace at rtt 0 that the shift is taken against; null for that config itself or when there is none. */
  baseConfigId: string | null;
  /** Request p50 of this config minus the base config's, ms. */
  requestP50ShiftMs: number | null;
  /** Round trips per request x this config's rtt, ms: what the shift should be if every round trip pays the rtt. */
  predictedShiftMs: number | null;
  /** requestP50ShiftMs / predictedShiftMs. */
  shiftRatio: number | null;
}
