// The open-loop driver (issue 10), after wrk2: request k has an intended start fixed before the
// run (t0 + k/rate, or exponential gaps from the seed for a Poisson process) and is started at
// that time whether or not earlier requests finished; the schedule is never rebased when the
// generator falls behind. Two latencies per request: from its intended start (what a user of
// the application waits, free of coordinated omission; no HdrHistogram expected-interval
// correction on top, that would correct twice) and from its actual send (what the service took).
// With a pool, a request waits for a free connection after it starts: that wait is in its
// request latency, not in its service latency. The generator's own lateness (actual start
// minus intended start) and the event-loop delay say whether the generator kept up.

import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { RequestClient } from '../client/index.ts';
import { LATE_START_MS, type CellArrival, type Mode, type ScheduleHealth } from '../contracts/index.ts';
import { nowUs } from './drive.ts';
import { runRequest, runRequestTogether, type RequestRecorders } from './requests.ts';
import { sharedConnection, WindowBatcher, type BatchConnections, type BatchRecord } from './window-batcher.ts';
import type { RequestPlan } from './request-plan.ts';
import { createRng, deriveSeed } from './rng.ts';
import { connectionPool } from './connection-pool.ts';

export interface OpenLoopOutcome {
  /** Per request, µs from its intended start to its last reply (NaN: unfinished or failed). */
  requestUs: Float64Array;
  /** Per request, µs from the actual send (after any pool wait) to its last reply. */
  serviceUs: Float64Array;
  /** Per request, its intended start, µs after t0 (the schedule), and 1 where the generator started it late. */
  offsetsUs: Float64Array;
  lateStart: Uint8Array;
  schedule: ScheduleHealth;
  totalMs: number;
  /** A window batcher's record (`batch: {window, size}`); null otherwise. */
  batching: BatchRecord | null;
}

/**
 * Offsets of the intended starts from t0, µs: k/rate, or cumulative exponential gaps (Poisson).
 * A linear ramp from r0 to r1 over T (T = requests / mean rate) has the cumulative count
 * N(t) = r0 t + (r1 - r0) t² / 2T; request k starts where N(t) = k (Poisson: where N(t) reaches
 * the k-th arrival of a unit-rate process, the time change that makes a non-homogeneous one).
 */
export const scheduleOffsetsUs = (arrival: Pick<CellArrival, 'ratePerSec' | 'ramp' | 'requests' | 'process'>, seed: number): Float64Array => {
  const out = new Float64Array(arrival.requests);
  const rng = arrival.process === 'poisson' ? createRng(deriveSeed(seed, 'arrivals')) : undefined;
  const timeOfCountUs = countToTimeUs(arrival);
  let count = 0;
  for (let k = 0; k < arrival.requests; k++) {
    out[k] = timeOfCountUs(rng === undefined ? k : count);
    if (rng !== undefined) count += -Math.log(1 - rng.next());
  }
  return out;
};

// The time (µs) at which the schedule's cumulative count reaches n.
const countToTimeUs = (arrival: Pick<CellArrival, 'ratePerSec' | 'ramp' | 'requests'>): ((n: number) => number) => {
  const { ramp } = arrival;
  if (ramp === undefined || ramp.fromPerSec === ramp.toPerSec) return (n) => (n * 1e6) / arrival.ratePerSec;
  const r0 = ramp.fromPerSec;
  const slope = (ramp.toPerSec - r0) / (arrival.requests / arrival.ratePerSec); // requests/s per s
  // r0 t + slope t² / 2 = n  →  t = (sqrt(r0² + 2 slope n) - r0) / slope (slope may be negative).
  return (n) => ((Math.sqrt(Math.max(0, r0 * r0 + 2 * slope * n)) - r0) / slope) * 1e6;
};

// Nearest-rank p99 of the values (0 for none).
const p99Of = (values: Float64Array): number => {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.ceil(0.99 * sorted.length) - 1] ?? 0;
};

interface OpenLoopInput {
  clients: readonly RequestClient[];
  mode: Mode;
  plan: RequestPlan;
  recorders: RequestRecorders;
  arrival: CellArrival;
  seed: number;
}

/** A schedule of requests given in advance (a trace's own timing) and how to issue one. */
export interface GivenSchedule {
  clients: readonly RequestClient[];
  arrival: CellArrival;
  /** Each request's intended start, µs after t0, in order. */
  offsetsUs: Float64Array;
  /** The client request `r` runs on (an index into `clients`). */
  clientOf: (r: number) => number;
  /** Issues request `r` on `client`; false when its connection failed. */
  issue: (client: RequestClient, r: number) => Promise<boolean>;
}

/** Runs the schedule; ends when every request finished or `deadlineMs` after the last start. */
export const driveOpenLoop = async (input: OpenLoopInput): Promise<OpenLoopOutcome> => {
  const { clients, mode, plan, recorders, arrival } = input;
  const windowed = arrival.batcher?.kind === 'window' ? arrival.batcher : undefined;
  const together = arrival.batcher?.kind === 'auto';
  return driveSchedule(
    {
      clients,
      arrival,
      offsetsUs: scheduleOffsetsUs(arrival, input.seed),
      clientOf: (r) => r % clients.length,
      issue: (client, r) => (together ? runRequestTogether(client, plan, recorders, r) : runRequest(client, mode, plan, recorders, r)),
    },
    windowed === undefined ? undefined : (connections) => new WindowBatcher(connections, windowed, plan, recorders),
  );
};

/** Runs a schedule given in advance (a replayed trace's); as driveOpenLoop otherwise. */
export const driveGivenSchedule = (schedule: GivenSchedule): Promise<OpenLoopOutcome> => driveSchedule(schedule);

const driveSchedule = async (input: GivenSchedule, makeBatcher?: (connections: BatchConnections) => WindowBatcher): Promise<OpenLoopOutcome> => {
  const { clients, arrival, offsetsUs: offsets } = input;
  const n = offsets.length;
  const requestUs = new Float64Array(n).fill(Number.NaN);
  const serviceUs = new Float64Array(n).fill(Number.NaN);
  const lateStart = new Uint8Array(n);
  const lateUsOf = new Float64Array(n); // each started request's lateness, for its p99
  const checkout = arrival.clients.kind === 'pool' ? connectionPool(clients) : undefined;
  // A window batcher sends each batch on a connection checked out of the pool, or on the shared client.
  const batcher = makeBatcher?.(checkout ?? sharedConnection(clients[0] as RequestClient));
  const loop = monitorEventLoopDelay({ resolution: 1 });
  let worstLateUs = 0;
  let lateStarts = 0;
  let finished = 0;
  let completed = 0;
  let lastEndUs = 0;
  let settle: () => void = () => undefined;
  const allDone = new Promise<void>((resolve) => (settle = resolve));

  const start = async (r: number, t0: number): Promise<void> => {
    const intended = t0 + (offsets[r] ?? 0);
    const lateUs = nowUs() - intended;
    lateUsOf[r] = Math.max(0, lateUs);
    worstLateUs = Math.max(worstLateUs, lateUs);
    if (lateUs > LATE_START_MS * 1000) {
      lateStarts++;
      lateStart[r] = 1;
    }
    let sent: number;
    let ok: boolean;
    let client: RequestClient | undefined;
    if (batcher !== undefined) {
      // The batch's departure is this request's send: its wait to fill is in its request latency only.
      ({ ok, sentUs: sent } = await batcher.join(r, intended));
    } else {
      client = checkout === undefined ? (clients[input.clientOf(r)] as RequestClient) : await checkout.acquire();
      sent = nowUs();
      ok = await input.issue(client, r);
    }
    const end = nowUs();
    if (client !== undefined) checkout?.release(client);
    if (ok) {
      requestUs[r] = end - intended;
      serviceUs[r] = end - sent;
      completed++;
      lastEndUs = Math.max(lastEndUs, end);
    }
    if (++finished === n) settle();
  };

  loop.enable();
  const t0 = nowUs();
  let next = 0;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = (): void => {
    if (stopped) return;
    const now = nowUs();
    while (next < n && t0 + (offsets[next] ?? 0) <= now) void start(next++, t0);
    if (next >= n) return;
    const waitMs = (t0 + (offsets[next] ?? 0) - nowUs()) / 1000;
    if (waitMs < 1) setImmediate(tick);
    else timer = setTimeout(tick, Math.floor(waitMs));
  };
  tick();
  const deadlineMs = (offsets[n - 1] ?? 0) / 1000 + arrival.deadlineMs;
  let deadline: NodeJS.Timeout | undefined;
  await Promise.race([allDone, new Promise<void>((resolve) => (deadline = setTimeout(resolve, deadlineMs)))]);
  clearTimeout(deadline);
  stopped = true;
  clearTimeout(timer);
  batcher?.close();
  loop.disable();
  const spanS = completed === 0 ? 0 : (lastEndUs - t0) / 1e6;
  const eventLoopDelayP99Ms = loop.percentile(99) / 1e6;
  const schedule: ScheduleHealth = {
    offeredPerSec: arrival.ratePerSec,
    ...(arrival.ramp === undefined ? {} : { offeredRampPerSec: arrival.ramp }),
    achievedPerSec: spanS === 0 ? 0 : completed / spanS,
    scheduled: n,
    completed,
    unfinished: n - finished,
    worstLateMs: Math.max(0, worstLateUs) / 1000,
    lateStarts,
    lateP99Ms: p99Of(lateUsOf.subarray(0, next)) / 1000,
    eventLoopDelayP99Ms,
    eventLoopDelayMaxMs: loop.max / 1e6,
    generatorBound: lateStarts > Math.max(1, n / 100),
    ...(checkout === undefined ? {} : { poolWaited: checkout.state.waited }),
  };
  return { requestUs, serviceUs, offsetsUs: offsets, lateStart, schedule, totalMs: (nowUs() - t0) / 1000, batching: batcher?.record ?? null };
};
