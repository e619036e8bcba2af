// Requests and open-loop arrivals (issue 10): what an application's request is made of, and
// when requests start. A request is an ordered list of steps; a step is one command or a
// parallel group of commands. Closed-loop runs send the next request when the previous one
// finished; open-loop runs start request k at t0 + k/rate (or Poisson gaps) whatever happened
// before, and measure latency from that intended start.

import type { Batcher } from './batching.ts';
import type { Workload } from './scenario.ts';
import type { SloSearchOptions } from './slo.ts';

/** One command of a request: a workload of one command (its key, keys, value and options),
 * whose operation index is the request's index among the requests of its kind (`{r}`). */
export type StepCommand = Omit<Workload, 'commands' | 'request'>;

/** A step: its commands are issued together (one command, or a `parallel:` group). */
export interface RequestStep {
  commands: StepCommand[];
}

/** One kind of request in a `mix:` (a single `request:` is one kind of weight 1). */
export interface RequestKind {
  label: string;
  weight: number;
  steps: RequestStep[];
}

export interface RequestShape {
  kinds: RequestKind[];
  /** Open-loop arrivals; absent: closed-loop. */
  arrival?: ArrivalAxes;
  /** How open-loop requests reach Redis: one entry, or several (a matrix axis: a config each). */
  clients: ClientsMode[];
  /** Open-loop only: how arriving requests are batched (`batch:`, an axis: a config each); absent: no batcher axis. */
  batchers?: Batcher[];
}

/** When requests start: closed-loop (one after the other per caller) or on a fixed schedule. */
/** An offered rate: constant (`800/s`, from = to) or a linear ramp (`100/s..2000/s`) over the run. */
export interface ArrivalRate {
  fromPerSec: number;
  toPerSec: number;
}

/** `800/s`, or `100/s..2000/s` for a ramp. */
export const rateLabel = (rate: ArrivalRate): string =>
  rate.fromPerSec === rate.toPerSec ? `${rate.fromPerSec}/s` : `${rate.fromPerSec}/s..${rate.toPerSec}/s`;

export interface ArrivalAxes {
  /** Offered rates, requests per second (a matrix axis); a ramp rises linearly over the schedule. */
  rates: ArrivalRate[];
  /** How long the schedule runs, ms (requests = rate x duration); null: the workload's
   * `requests` are scheduled, over requests / rate. */
  forMs: number | null;
  /** `constant`: t_k = t0 + k/rate; `poisson`: exponential gaps from the seeded RNG. */
  process: 'constant' | 'poisson';
  /** After the last scheduled start, how long the run may wait for replies before it ends, ms. */
  deadlineMs: number;
  /** Length of the windows the run's percentiles over time are taken in, ms (`window:`, default 1 s). */
  windowMs: number;
  /** `slo:`: search the offered rate for the highest one meeting an objective; `rates` then holds
   * the first probe's rate and `forMs` each probe's schedule (docs/slo-search.md). */
  slo?: SloSearchOptions;
}

/** `shared`: requests share one multiplexed ioredis client per connection; `pool`: N exclusive
 * connections, a request waits for a free one (that wait is part of its latency). */
export type ClientsMode = { kind: 'shared' } | { kind: 'pool'; size: number };

/** `shared` or `pool:4`: how ids, labels and `clients=` selectors write a clients mode. */
export const clientsLabel = (clients: ClientsMode): string => (clients.kind === 'shared' ? 'shared' : `pool:${clients.size}`);

/** A clients mode as the result records it: `shared`, or `{pool: N}` as the scenario writes it. */
export type ClientsRecord = 'shared' | { pool: number };

export const clientsRecord = (clients: ClientsMode): ClientsRecord => (clients.kind === 'shared' ? 'shared' : { pool: clients.size });

/** The label of a recorded clients mode (`shared`, `pool:4`). */
export const clientsRecordLabel = (clients: ClientsRecord): string => (clients === 'shared' ? 'shared' : `pool:${clients.pool}`);

/** The arrival of one config (one rate of the axis). */
export interface CellArrival {
  /** The mean offered rate, requests/s (for a ramp, the mean of its two ends). */
  ratePerSec: number;
  /** A linear ramp: the rate at the schedule's start and end (absent: constant at ratePerSec). */
  ramp?: ArrivalRate;
  /** Requests scheduled in one run. */
  requests: number;
  process: 'constant' | 'poisson';
  deadlineMs: number;
  clients: ClientsMode;
  /** The batcher the config's requests go through (`batch:`); absent: each request is sent on arrival. */
  batcher?: Batcher;
  /** Window length for the percentiles over time, ms, as the scenario asked (see WINDOW_LIMITS). */
  windowMs: number;
  /** A rate search (`slo:`): ratePerSec is its first probe's rate. */
  slo?: SloSearchOptions;
}

/** The writes a request under a fault may carry (one per request): a counter the fault path's
 * checker reconciles. Every other step command must be a read (REQUEST_FAULT_READS). */
export const REQUEST_FAULT_WRITES = ['INCR', 'INCRBY'] as const;
export const REQUEST_FAULT_READS = ['GET', 'MGET', 'EXISTS', 'HGET', 'HGETALL', 'LRANGE', 'SMEMBERS', 'SCARD', 'LLEN', 'STRLEN', 'TTL', 'PING'] as const;
export const isRequestFaultWrite = (command: string): boolean => (REQUEST_FAULT_WRITES as readonly string[]).includes(command);

/** Commands one request of this kind sends. */
export const commandsPerRequest = (kind: RequestKind): number => kind.steps.reduce((sum, step) => sum + step.commands.length, 0);

/** Round trips a request waits on in a mode: one per step in sync and auto (a parallel group is
 * one), one for the whole request as a pipeline or a transaction. */
const requestWaits = (kind: RequestKind, mode: { kind: string }): number =>
  mode.kind === 'pipeline' || mode.kind === 'multi' ? 1 : kind.steps.length;

/** The mix's mean, weighted by kind: what one request waits on average. */
export const meanRequestWaits = (shape: RequestShape, mode: { kind: string }): number => {
  const total = shape.kinds.reduce((sum, k) => sum + k.weight, 0);
  return shape.kinds.reduce((sum, k) => sum + (k.weight / total) * requestWaits(k, mode), 0);
};

/** How healthy an open-loop schedule was: did the generator start requests when it meant to? */
export interface ScheduleHealth {
  /** Requests scheduled per second, as configured. */
  offeredPerSec: number;
  /** A ramped schedule: the offered rate at its start and end (offeredPerSec is their mean). */
  offeredRampPerSec?: ArrivalRate;
  /** Requests completed per second, from the first intended start to the last completion. */
  achievedPerSec: number;
  scheduled: number;
  completed: number;
  /** Scheduled but not finished when the deadline passed (counted, never dropped). */
  unfinished: number;
  /** Worst lateness of the generator: actual start minus intended start, ms (pool waits excluded). */
  worstLateMs: number;
  /** Requests the generator started more than LATE_START_MS after their intended time. */
  lateStarts: number;
  /** p99 of the generator's lateness (actual start minus intended start, pool waits excluded), ms;
   * over several runs, the highest run's. The generator's ceiling (`npm run bench`) is the highest
   * rate at which it stays under GENERATOR_CEILING.lateP99Ms. Absent in older results. */
  lateP99Ms?: number;
  /** Node event-loop delay during the run (perf_hooks.monitorEventLoopDelay), ms. */
  eventLoopDelayP99Ms: number;
  eventLoopDelayMaxMs: number;
  /** The generator, not the system under test, limited the run (late starts or a blocked loop). */
  generatorBound: boolean;
  /** A pool only: requests that found every pool connection busy and waited for one (the pool
   * was the limit for them); absent for shared clients and in older results. */
  poolWaited?: number;
}

/** A start later than this (ms) counts as late. */
export const LATE_START_MS = 2;

/**
 * The open-loop generator's ceiling, as `npm run bench` measures it (test/bench/ceiling.ts): the
 * highest offered rate at which the p99 of the generator's lateness stays under `lateP99Ms`, for
 * one GET per request on one shared connection straight to a local Redis (rtt 0, no proxy).
 * `perSec` is that figure as measured `on` the machine and date below (docs/bench.md): another
 * machine, a busier one or heavier requests have a lower ceiling, so warnings quote it as
 * measured there, never as this run's.
 */
export const GENERATOR_CEILING: { readonly lateP99Ms: number; readonly perSec: number | null; readonly on: string } = {
  lateP99Ms: 1,
  // npm run bench, 2026-12-03 22:18 UTC, the 2-core development machine at a 1-min load of 1.4
  // (docs/bench.md); at load 15-20 the same bench held no rate down to 63/s.
  perSec: 2750,
  on: '2026-12-03 on a 2-core machine at load 1.4 (Node 20.20, ioredis 6.0.0, redis 7.0.15)',
};

/** A schedule whose generator did not fall behind but whose start-lateness p99 reached the
 * ceiling's limit: near the generator's ceiling, by the run's own figures. */
export const nearGeneratorCeiling = (s: ScheduleHealth): boolean => !s.generatorBound && (s.lateP99Ms ?? 0) >= GENERATOR_CEILING.lateP99Ms;

/** Windows over time (issue 26): the default length, and the most windows one config keeps. A run
 * whose schedule plus deadline would need more gets wider windows (the result records the width used). */
export const WINDOW_LIMITS = { defaultMs: 1000, minMs: 100, maxMs: 60_000, maxWindows: 600 } as const;
