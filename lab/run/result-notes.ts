// What a result says about itself: warnings (things that make a figure less than it seems, and
// fault cells that judged nothing) and what the lab did not measure, stated in every result
// so that no figure is read for more than it is.

import { calibrationWithinTolerance } from '../network/index.ts';
import { spreadWarnings } from '../metrics/index.ts';
import { GENERATOR_CEILING, LATE_START_MS, nearGeneratorCeiling, type Calibration, type ConfigResult, type ReconcileEntry, type Scenario, type TargetInfo } from '../contracts/index.ts';

/** One line per fault cell whose fault never fired: its verdict is NOT-TESTED. */
export const notTestedWarnings = (entries: readonly ReconcileEntry[]): string[] =>
  entries
    .filter((e) => e.verdict === 'NOT-TESTED')
    .map(
      (e) =>
        `fault ${e.fault} (mode ${e.mode}, policy ${e.policy}${e.rttMs === 0 ? '' : `, rtt ${e.rttMs} ms`}) never fired: ` +
        `the connection was never cut or stalled, so nothing was judged (NOT-TESTED); move its trigger inside the run (a smaller at: or after:)`,
    );

export interface WarningInputs {
  calibration: readonly Calibration[];
  configs: readonly ConfigResult[];
  reconcile?: readonly ReconcileEntry[] | undefined;
  /** Problems the fault runs met and recovered from (a heal that failed once). */
  problems?: readonly string[];
}

export const resultWarnings = ({ calibration, configs, reconcile = [], problems = [] }: WarningInputs): string[] => groupWarnings([
  ...calibration
    .filter((c) => !calibrationWithinTolerance(c))
    .map((c) => `rtt ${c.requestedRttMs} ms: the link added ${c.addedMs.toFixed(2)} ms, outside the 0.5 ms / 10 % tolerance (Toxiproxy latency is whole ms per direction)`),
  ...spreadWarnings(configs),
  ...reconcile.filter((e) => !e.consistent).map((e) => `${e.id}: repeated runs found different counts`),
  ...notTestedWarnings(reconcile),
  ...scheduleWarnings(configs),
  ...problems,
], configs.map((c) => c.id));

// --- open-loop schedules: configs whose requests started late or did not all finish. Each
// config is put under the cause its figures show, and configs with the same cause share one line
// (31 configs that fell behind read as one line with their count and ids, not 31 lines).

/** Why the generator fell behind, as far as the figures say. */
type LateCause = 'pool' | 'loop' | 'pool-and-loop' | 'unknown';

// A pool was the limit when more than 1 % of the requests found every connection busy (the
// same share that makes starts "late"); the client's event loop when its delay p99 reached a late start.
const lateCause = (c: ConfigResult): LateCause => {
  const s = c.schedule;
  if (s === undefined) return 'unknown';
  const poolBusy = (s.poolWaited ?? 0) > Math.max(1, s.scheduled / 100);
  const loopBlocked = s.eventLoopDelayP99Ms >= LATE_START_MS;
  return poolBusy && loopBlocked ? 'pool-and-loop' : poolBusy ? 'pool' : loopBlocked ? 'loop' : 'unknown';
};

const poolText = (c: ConfigResult): string => {
  const size = typeof c.clients === 'object' ? c.clients.pool : c.connections;
  return `all ${size} pool connection${size === 1 ? '' : 's'} were busy for ${c.schedule?.poolWaited ?? 0} of ${c.schedule?.scheduled ?? 0} requests`;
};

// `these` is "this config" or "these configs", `its` "its" or "their".
const causeText = (cause: LateCause, one: boolean): string => {
  const these = one ? 'this config' : 'these configs';
  const its = one ? 'its' : 'their';
  switch (cause) {
    case 'pool':
      return `the pool was the limit: requests waited for a free connection (a wait that is in the request latency, not the service latency), and the late starts say the client also fell behind while the pool was full; Redis did not limit ${these}`;
    case 'loop':
      return `the client's event loop was blocked (its delay p99 reached a late start): the client's CPU, not Redis, limited ${these}; ${its} request latency includes the generator's own delay`;
    case 'pool-and-loop':
      return `two limits were measured: the pool was full (requests waited for a free connection) and the client's event loop was blocked (client CPU); either may have made the starts late, and ${its} request latency includes both; Redis did not limit ${these}`;
    case 'unknown':
      return `neither a full pool nor a blocked event loop was measured, so the lateness is the client process's (its timers, garbage collection), not Redis's; ${its} request latency includes it`;
  }
};

const lateDetail = (c: ConfigResult): string => {
  const s = c.schedule as NonNullable<ConfigResult['schedule']>;
  const pool = s.poolWaited === undefined ? '' : `; ${poolText(c)}`;
  return `${s.lateStarts} of ${s.scheduled} starts late, worst ${s.worstLateMs.toFixed(1)} ms, event-loop delay p99 ${s.eventLoopDelayP99Ms.toFixed(1)} ms${pool}`;
};

const rangeText = (values: readonly number[], digits: number): string => {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return lo === hi ? lo.toFixed(digits) : `${lo.toFixed(digits)}-${hi.toFixed(digits)}`;
};

// One config: its own figures; several with one cause: ranges of their figures and their ids.
const lateLine = (cause: LateCause, configs: readonly ConfigResult[], openLoop: number): string => {
  const [only] = configs;
  if (configs.length === 1 && only !== undefined) return `${only.id}: the load generator fell behind its schedule (${lateDetail(only)}): ${causeText(cause, true)}`;
  const schedules = configs.map((c) => c.schedule as NonNullable<ConfigResult['schedule']>);
  const pooled = schedules.filter((s) => s.poolWaited !== undefined);
  const figures = [
    `late starts ${rangeText(schedules.map((s) => s.lateStarts), 0)} per config`,
    `worst ${rangeText(schedules.map((s) => s.worstLateMs), 1)} ms`,
    `event-loop delay p99 ${rangeText(schedules.map((s) => s.eventLoopDelayP99Ms), 1)} ms`,
    ...(pooled.length === 0 ? [] : [`requests that waited for a pool connection ${rangeText(pooled.map((s) => s.poolWaited ?? 0), 0)} per config`]),
  ];
  return `${configs.length} of ${openLoop} open-loop configs: the load generator fell behind its schedule (${figures.join(', ')}): ${causeText(cause, false)}; configs: ${configs.map((c) => c.id).join(', ')}`;
};

// --- near the generator's ceiling: a config whose generator did not fall behind (fewer than 1 %
// of starts over LATE_START_MS late) but whose own start-lateness p99 reached the limit the bench
// holds the generator's ceiling to (GENERATOR_CEILING.lateP99Ms). Read from the run's own
// lateness, measured on its machine at its load, never from a rate measured elsewhere; the
// bench's figure is quoted beside it, as measured where it was.

const nearCeiling = (configs: readonly ConfigResult[]): ConfigResult[] => configs.filter((c) => c.schedule !== undefined && nearGeneratorCeiling(c.schedule));

const benchCeilingText = (): string =>
  GENERATOR_CEILING.perSec === null
    ? ''
    : `; for scale, \`npm run bench\` measured the ceiling at ${GENERATOR_CEILING.perSec} requests/s (one GET per request, one shared connection, rtt 0) on ${GENERATOR_CEILING.on}, not on this run's machine`;

const ceilingLine = (configs: readonly ConfigResult[], openLoop: number): string => {
  const schedules = configs.map((c) => c.schedule as NonNullable<ConfigResult['schedule']>);
  const limit = GENERATOR_CEILING.lateP99Ms;
  const [only] = configs;
  const one = configs.length === 1 && only !== undefined;
  const figures = one
    ? `start lateness p99 ${(schedules[0]?.lateP99Ms ?? 0).toFixed(2)} ms at ${schedules[0]?.offeredPerSec ?? 0}/s offered; ${schedules[0]?.lateStarts ?? 0} of ${schedules[0]?.scheduled ?? 0} starts over ${LATE_START_MS} ms late`
    : `start lateness p99 ${rangeText(schedules.map((s) => s.lateP99Ms ?? 0), 2)} ms at ${rangeText(schedules.map((s) => s.offeredPerSec), 0)}/s offered; starts over ${LATE_START_MS} ms late ${rangeText(schedules.map((s) => s.lateStarts), 0)} per config, under 1 % each`;
  const text =
    `the load generator neared its ceiling (${figures}): 1 % of the requests started at least ${limit} ms after their intended start, the limit \`npm run bench\` holds the generator's ceiling to, ` +
    `so at ${one ? 'this rate' : 'these rates'} on this machine, at its load during the run, the lab's client was close to limiting what was measured; the request latency includes that lateness${benchCeilingText()}`;
  return one ? `${only.id}: ${text}` : `${configs.length} of ${openLoop} open-loop configs: ${text}; configs: ${configs.map((c) => c.id).join(', ')}`;
};

/** Open-loop configs whose generator fell behind its schedule (one line per cause), neared its
 * ceiling (one line), or whose requests did not all finish. */
const scheduleWarnings = (configs: readonly ConfigResult[]): string[] => {
  const open = configs.filter((c) => c.schedule !== undefined);
  const behind = new Map<LateCause, ConfigResult[]>();
  for (const c of open) if (c.schedule?.generatorBound === true) behind.set(lateCause(c), [...(behind.get(lateCause(c)) ?? []), c]);
  const near = nearCeiling(open);
  return [
    ...[...behind].map(([cause, group]) => lateLine(cause, group, open.length)),
    ...(near.length === 0 ? [] : [ceilingLine(near, open.length)]),
    ...open.flatMap((c) => {
      const s = c.schedule as NonNullable<ConfigResult['schedule']>;
      return s.unfinished > 0 ? [`${c.id}: ${s.unfinished} of ${s.scheduled} scheduled requests had not finished at the deadline (counted, not in any latency figure)`] : [];
    }),
  ];
};

/** Warnings that say the same of several configs (`<id>: <text>`, the same text) become one line:
 * the text, the number of configs and their ids. */
const groupWarnings = (warnings: readonly string[], configIds: readonly string[]): string[] => {
  const ids = [...configIds].sort((a, b) => b.length - a.length); // the longest id that prefixes a line
  const groups = new Map<string, { times: number; from: string[] }>();
  for (const line of warnings) {
    const id = ids.find((candidate) => line.startsWith(`${candidate}: `));
    const text = id === undefined ? line : line.slice(id.length + 2);
    const group = groups.get(text) ?? { times: 0, from: [] };
    group.times++;
    if (id !== undefined) group.from.push(id);
    groups.set(text, group);
  }
  return [...groups].map(([text, { times, from }]) => {
    if (times === 1) return from.length === 1 ? `${from[0] ?? ''}: ${text}` : text;
    return from.length === 0 ? `${text} (${times} times)` : `${text} (${from.length} configs: ${from.join(', ')})`;
  });
};

const ALWAYS = [
  'Per-command latency is closed-loop: each command or batch is sent when the previous reply arrived, so it is not latency under an arrival rate (no open-loop schedule, no coordinated-omission correction).',
  "A pipeline command's latency is its whole batch's time; the time a request would wait for its batch to fill is not modelled.",
  'The client runs in one Node process on the same machine: client CPU and event-loop time are inside every figure. The time attribution counts the server\'s time executing the workload\'s commands (INFO commandstats usec), not its time reading requests and writing replies, which stays in the unexplained rest; its parts may overlap (client CPU on other threads, a capped upload beside earlier replies).',
  'No persistence (save "", appendonly no), no TLS, no packet loss: the link adds latency and, where the scenario says so, a bandwidth cap.',
  'Client memory is read around each timed span, after a young-generation garbage collection before it (one full collection per link group, before its warm-up runs), with nothing sampled inside it: peak RSS is the kernel\'s high-water mark (VmHWM) reset just before the span, so no peak is missed, but it is the whole Node process (its plans, earlier results), not only the run, and it is null where the mark cannot be reset (not Linux, /proc not writable); the heap peak is the used V8 heap at the span\'s ends and just before and after each collection inside it (V8\'s own readings), so it includes garbage not yet collected and can miss only memory V8 was still sweeping lazily, and its growth can read low when V8 collects older runs\' garbage inside the span; clientGcMs is V8\'s pause time, not its concurrent GC work on other threads.',
  'Server INFO is read before and after each run on a separate connection; the bytes of those INFO calls are taken out of net in/out, and the buffer gauges (client_recent_max_input/output_buffer) are server-wide over the last few seconds, so they also see the lab\'s own prefill and read-back (sent in chunks of at most 64 KB to keep that small).',
  'Calibration measures PING; latency toxics apply per chunk, so a large write split into several chunks may be delayed more than the calibrated rtt.',
];

const FAULTS = [
  'Fault runs judge correctness, not speed: a command workload\'s timings are not reported as latency; a request workload\'s row reports its requests\' latency over the run (first run only, with the tagging script\'s extra server work inside it).',
  'With reconcile tags (the default), each operation is a Lua script that runs the command and appends its id to a log; the reply is the command\'s own, but the server does a little more work per operation than the bare command.',
];

const OPEN_LOOP =
  'Per-command latency (latencyUs) and service latency are from the send; only requestLatencyUs of open-loop configs is from the intended start (coordinated-omission free, no HdrHistogram expected-interval correction on top). Closed-loop configs send each request or command when the previous one finished, so their figures are not latency under an arrival rate.';

// The redis-benchmark engine: what its figures are and what it cannot give.
const C_ENGINE = [
  'Load engine: redis-benchmark (a C client, one process on the same machine) drove every config instead of the lab\'s ioredis client, through the same proxy and calibrated link. Its figures are its own: the run time is the replies it received / its rate (its clock, 1 ms steps, runs from just before its connections open to the last reply, so connection set-up and the AUTH of each connection are inside it); latency is per request from writing a batch to the first bytes of its replies, recorded for every request of the batch (a pipelined request waits for its batch, as in the lab).',
  'Not verified (C engine): redis-benchmark checks no reply one by one and the lab cannot see them; a run counts when the tool exited 0 (redis-benchmark 7 exits at the first error reply), printed its summary, and the server executed at least the run\'s commands of that kind (INFO commandstats: it may send up to one pipeline less one more). No final-state check.',
  'No HDR histogram of the C engine\'s own: latencyUs holds the percentiles it prints (p50, p99, max, from its HdrHistogram of 3 significant digits, values clamped at 3 s), of the run whose time is the median; p90 and p99.9 are null, and the p95, min and mean it also prints are in each run\'s engine figures. No client CPU, memory or GC figures and no time attribution: the client is not the lab\'s process.',
  'With -r (keys: {uniform: N}) redis-benchmark names keys with 12 zero-padded digits (key:000000000042), not the lab\'s {i}; its value is the lab\'s value of operation 0, the same bytes for every command.',
];

export const notMeasured = (scenario: Scenario): string[] => {
  // Closed loop, no persistence, INFO, calibration: as true of the C engine as of the lab's.
  if (scenario.engine === 'redis-benchmark') return [...C_ENGINE, ...ALWAYS.filter((_, i) => [0, 3, 5, 6].includes(i))];
  const openLoop = scenario.workloads.some((w) => w.request?.arrival !== undefined);
  const always = openLoop ? [OPEN_LOOP, ...ALWAYS.slice(1), OPEN_LOOP_TIME] : ALWAYS;
  const notes = scenario.faults.length > 0 ? [...always, ...FAULTS] : always;
  return scenario.bystander === undefined ? notes : [...notes, BYSTANDER];
};

// Why open-loop configs have no "where the time went".
const OPEN_LOOP_TIME =
  'Where the time went is not given for open-loop configs: their wall time is the schedule\'s length, and requests overlap on the link and in the pool, so link waits, server and client time do not add up to it. Their request, service and pool-wait figures say where a request\'s time went.';

// What the bystander (issue 27) cannot tell apart, said whenever one ran.
const BYSTANDER =
  'The bystander runs on the same machine as the lab, Toxiproxy and Redis: the other-process bystander waits behind the server and also behind CPU contention among them (not separated here), and the same-process one also shares the lab\'s CPU, timers and garbage collector; each GET is due on a timer that fires up to about 1 ms late, alone as during. Direct configs have no bystander. Its figures are in the runs\' client CPU and memory.';

/** What a run on an external target could not control or see, stated beside the other notes. */
export const targetNotes = (target: TargetInfo): string[] => [
  `The target (Redis at ${target.redis}, Toxiproxy at ${target.toxiproxyApiUrl}) was not started by the lab: its persistence, TLS, configuration and version are its own (the "no persistence" note above describes the lab's own instances), and other clients may use it during the run: server INFO figures (net bytes, buffer gauges, command time) are server-wide and include their traffic.`,
  ...(target.keyPrefix === null
    ? []
    : [`Every key the lab touched carried the prefix ${target.keyPrefix} (${Buffer.byteLength(target.keyPrefix)} bytes), so each command is that much longer than on the lab's own instance; each reset before a run SCANs the whole keyspace for it (outside the timed span).`]),
];
